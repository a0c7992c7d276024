import type { Entity, Model } from '../../../language/index.js';
import { permissionCatalogue } from './permissions.js';
import type { FieldErrors } from '../http/app-error.js';
import { addError } from '../http/app-error.js';

export const UNKNOWN_PERMISSION = 'Permissão inexistente.';

const known = new WeakMap<Model, Set<string>>();
const namesOf = (model: Model) => {
  if (!known.has(model)) known.set(model, new Set(permissionCatalogue(model).map((entry) => entry.name)));
  return known.get(model)!;
};

/** A field of kind `permission` (on the record or in a sub-list item) must name a permission of the catalogue. */
export function checkPermissionNames(model: Model, entity: Entity, body: Record<string, unknown>, errors: FieldErrors): void {
  const names = namesOf(model);
  for (const field of entity.fields) {
    const value = body[field.name];
    if (field.kind === 'permission' && typeof value === 'string' && !names.has(value)) addError(errors, field.name, UNKNOWN_PERMISSION);
    if (!field.sublist || !Array.isArray(value)) continue;
    for (const inner of field.sublist.fields.filter((f) => f.kind === 'permission')) {
      value.forEach((item, i) => {
        const name = (item as Record<string, unknown> | null)?.[inner.name];
        if (typeof name === 'string' && !names.has(name)) addError(errors, `${field.name}.${i}.${inner.name}`, UNKNOWN_PERMISSION);
      });
    }
  }
}
