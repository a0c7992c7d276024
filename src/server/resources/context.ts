import type { Model } from '../../../generator/language/index.js';
import type { SpaceDirectory } from '../platform/space-directory.js';

/** Who writes, and the model that names what a constraint error points at. */
export interface WriteContext {
  model: Model;
  userId: number | null;
  /** The installation's spaces, for the hooks of the platform modules (null without tenancy). */
  spaces?: SpaceDirectory | null;
  /** Extra top-level keys a hook adds to the answer (`detached_databases`). */
  answer?: Record<string, unknown>;
}
