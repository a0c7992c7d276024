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
 * (`uf_id`, `telephones.1.telephone_companies_id`, `work_relations.0.expedients.2.shift_id`) instead
 * of a constraint error. One query per reference field, whatever the number of sub-list items.
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
    if (field.sublist && Array.isArray(value)) await checkItemReferences(db, field, itemsAt(value, at(field.name)), errors);
  }
}

type PlacedItem = { at: string; item: Record<string, unknown> };

const itemsAt = (value: unknown[], at: string): PlacedItem[] =>
  value.flatMap((item, i) => (isObject(item) ? [{ at: `${at}.${i}`, item }] : []));

/** The reference fields of a sub-list's items, over the items of every parent at once, then their own sub-lists'. */
async function checkItemReferences(db: Kysely<any>, field: Field, items: PlacedItem[], errors: FieldErrors): Promise<void> {
  for (const inner of field.sublist!.fields) {
    if (inner.kind === 'reference') {
      const missing = await missingIds(db, inner.reference!.table, items.map(({ item }) => item[inner.name]).filter((id) => typeof id === 'number'));
      for (const { at, item } of items) {
        if (typeof item[inner.name] === 'number' && missing.has(item[inner.name])) addError(errors, `${at}.${inner.name}`, MISSING_REFERENCE_MESSAGE);
      }
    }
    if (inner.sublist) {
      const nested = items.flatMap(({ at, item }) => (Array.isArray(item[inner.name]) ? itemsAt(item[inner.name] as unknown[], `${at}.${inner.name}`) : []));
      if (nested.length) await checkItemReferences(db, inner, nested, errors);
    }
  }
}
