import { resources as generated } from '../../../generated/web/registry';
import type { GeneratedResource } from '../kit/types';
import type { GuardedResource } from '../providers/permissions';

/** The modules that have screens (reference-only modules just feed combos). */
export const screenResources: GeneratedResource[] = generated.filter((r) => r.screens);

const byName = new Map(generated.map((r) => [r.name, r]));

export const resourceNamed = (name: string): GeneratedResource | undefined => byName.get(name);

/** The permission names that guard a module's routes. */
export const guardOf = (name: string): GuardedResource | undefined => byName.get(name);
