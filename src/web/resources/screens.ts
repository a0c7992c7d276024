import { resources as generated } from '@generated/web/registry';
import type { GeneratedResource } from '@kit/types';
import { applyOverrides } from './overrides';
import { overrides } from './registry';

/** Every module of the generated registry, with the hand-written views of `registry.ts` merged over it. */
export const modules: GeneratedResource[] = applyOverrides(generated, overrides);

/** The modules that have screens (reference-only modules just feed combos). */
export const screenResources: GeneratedResource[] = modules.filter((r) => r.screens);
