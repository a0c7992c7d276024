import type { Entity, Field, Model } from '../../../language/index.js';
import { permissionCatalogue } from './permissions.js';
import type { FieldErrors } from '../http/app-error.js';
import { addError } from '../http/app-error.js';

export const UNKNOWN_PERMISSION = 'Permissão inexistente.';

const known = new WeakMap<Model, Set<string>>();
const namesOf = (model: Model) => {
  if (!known.has(model)) known.set(model, new Set(permissionCatalogue(model).map((entry) => entry.name)));
  return known.get(model)!;
};

/** A field of kind `permission` (on the record or in a sub-list item, at any depth) must name a permission of the catalogue. */
export function checkPermissionNames(model: Model, entity: Entity, body: Record<string, unknown>, errors: FieldErrors): void {
  checkNames(namesOf(model), entity.fields, body, errors, '');
}

function checkNames(names: Set<string>, fields: Field[], body: Record<string, unknown>, errors: FieldErrors, base: string): void {
  for (const field of fields) {
    const value = body[field.name];
    const at = base ? `${base}.${field.name}` : field.name;
    if (field.kind === 'permission' && typeof value === 'string' && !names.has(value)) addError(errors, at, UNKNOWN_PERMISSION);
    if (!field.sublist || !Array.isArray(value)) continue;
    value.forEach((item, i) => {
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) checkNames(names, field.sublist!.fields, item as Record<string, unknown>, errors, `${at}.${i}`);
    });
  }
}
