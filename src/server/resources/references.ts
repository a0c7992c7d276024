import type { Kysely } from 'kysely';
import type { Field } from '../../../language/index.js';
import { addError, type FieldErrors } from '../http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';

/** An id a row can have: a positive integer the database's bigint and JavaScript both hold exactly. */
export const isRowId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The ids among `ids` with no row in `table` (ids no row can have are missing without asking). */
async function missingIds(db: Kysely<any>, table: string, ids: unknown[]): Promise<Set<unknown>> {
  const asked = [...new Set(ids.filter(isRowId))];
  const found = asked.length ? await db.selectFrom(table).select('id').where('id', 'in', asked).execute() : [];
  const present = new Set(found.map((row) => Number(row.id)));
  return new Set(ids.filter((id) => !isRowId(id) || !present.has(id)));
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks that every referenced id in a body exists, so a wrong id gets a message on its own field
 * (`uf_id`, `telephones.1.telephone_companies_id`) instead of a constraint error. One query per
 * reference field, whatever the number of sub-list items.
 */
export async function checkReferences(db: Kysely<any>, fields: Field[], body: Record<string, unknown>, errors: FieldErrors, base = ''): Promise<void> {
  const at = (name: string) => (base ? `${base}.${name}` : name);
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'reference' && typeof value === 'number') {
      if ((await missingIds(db, field.reference!.table, [value])).size) addError(errors, at(field.name), MISSING_REFERENCE_MESSAGE);
    }
    if (field.kind === 'references' && Array.isArray(value)) {
      if ((await missingIds(db, field.reference!.table, value)).size) addError(errors, at(field.name), MISSING_REFERENCE_MESSAGE);
    }
    if (field.sublist && Array.isArray(value)) {
      const items = value.filter(isObject);
      for (const inner of field.sublist.fields.filter((f) => f.kind === 'reference')) {
        const missing = await missingIds(db, inner.reference!.table, items.map((item) => item[inner.name]).filter((id) => typeof id === 'number'));
        value.forEach((item, i) => {
          if (isObject(item) && typeof item[inner.name] === 'number' && missing.has(item[inner.name])) {
            addError(errors, at(`${field.name}.${i}.${inner.name}`), MISSING_REFERENCE_MESSAGE);
          }
        });
      }
    }
  }
}
