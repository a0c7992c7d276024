import type { Model } from '../../../generator/language/index.js';

/** Who writes, and the model that names what a constraint error points at. */
export interface WriteContext {
  model: Model;
  userId: number | null;
}
