import { resources as generated } from '@generated/web/registry';
import type { GeneratedResource } from '@kit/types';
import type { GuardedResource } from '../providers/permissions';

/**
 * Labels and permissions of every module, straight from the generated registry. Light on purpose:
 * the login page and the HTTP services use it without loading any screen.
 */
const byName = new Map(generated.map((r) => [r.name, r]));

export const resourceNamed = (name: string): GeneratedResource | undefined => byName.get(name);

/** The permission names that guard a module's routes. */
export const guardOf = (name: string): GuardedResource | undefined => byName.get(name);
