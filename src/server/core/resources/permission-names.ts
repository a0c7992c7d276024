import type { Entity, Field } from '../../../../language/index.js';
import type { FieldErrors } from '../http/app-error.js';
import { addError } from '../http/app-error.js';

export const UNKNOWN_PERMISSION = 'Permissão inexistente.';

/** A field of kind `permission` (on the record or in a sub-list item, at any depth) must name a permission of the catalogue (`names`). */
export function checkPermissionNames(names: ReadonlySet<string>, entity: Entity, body: Record<string, unknown>, errors: FieldErrors): void {
  checkNames(names, entity.fields, body, errors, '');
}

function checkNames(names: ReadonlySet<string>, fields: Field[], body: Record<string, unknown>, errors: FieldErrors, base: string): void {
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
