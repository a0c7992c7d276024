import type { Kysely } from 'kysely';
import type { Field } from '../../../generator/language/index.js';
import { addError, type FieldErrors } from '../http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';

async function missingIds(db: Kysely<any>, table: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  const present = new Set(found.map((row) => Number(row.id)));
  return new Set(ids.filter((id) => !present.has(id)));
}

/**
 * Checks that every referenced id in a body exists, so a wrong id gets a message on its own field
 * (`uf_id`, `telephones.1.telephone_companies_id`) instead of a constraint error.
 */
export async function checkReferences(db: Kysely<any>, fields: Field[], body: Record<string, unknown>, errors: FieldErrors, base = ''): Promise<void> {
  const at = (name: string) => (base ? `${base}.${name}` : name);
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'reference' && typeof value === 'number') {
      if ((await missingIds(db, field.reference!.table, [value])).size) addError(errors, at(field.name), MISSING_REFERENCE_MESSAGE);
    }
    if (field.kind === 'references' && Array.isArray(value)) {
      if ((await missingIds(db, field.reference!.table, value as number[])).size) addError(errors, at(field.name), MISSING_REFERENCE_MESSAGE);
    }
    if (field.sublist && Array.isArray(value)) {
      for (const [i, item] of value.entries()) await checkReferences(db, field.sublist.fields, item, errors, at(`${field.name}.${i}`));
    }
  }
}
