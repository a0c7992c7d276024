import type { Entity, Field } from '../../../../language/index.js';

/** Fields stored in the entity's own table. */
export const columnFields = (entity: Entity) => entity.fields.filter((f) => f.column !== null);

/** Columns the API returns (secrets are never returned). */
export const readableColumns = (fields: Field[]) => fields.filter((f) => f.column !== null && !f.writeOnly).map((f) => f.column!);

export const fieldNamed = (entity: Entity, name: string) => entity.fields.find((f) => f.name === name);

/** Names of the fields whose values are shown as '[PROTEGIDO]' in the audit trail. */
export function secretFieldNames(entity: Entity): string[] {
  const names: string[] = [];
  const collect = (fields: Field[]) => {
    for (const field of fields) {
      if (field.writeOnly) names.push(field.name);
      if (field.sublist) collect(field.sublist.fields);
    }
  };
  collect(entity.fields);
  return names;
}

/** Kinds stored as text, which `q` may search. */
export const isIdKind = (field: Field) => field.kind === 'id' || field.kind === 'reference';
