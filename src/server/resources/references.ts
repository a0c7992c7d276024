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

/** One look-up a body needs: whether each of `ids` has a row in `table`, the message going at `at`. */
type Lookup = { table: string; ids: unknown[]; at: string };

/** The look-ups of a body in the order checkReferences makes them, so its messages come in the same order. */
function lookupsOf(fields: Field[], body: Record<string, unknown>, base: string, into: Lookup[]): Lookup[] {
  const at = (name: string) => (base ? `${base}.${name}` : name);
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'reference' && typeof value === 'number') into.push({ table: field.reference!.table, ids: [value], at: at(field.name) });
    if (field.kind === 'references' && Array.isArray(value)) into.push({ table: field.reference!.table, ids: value, at: at(field.name) });
    if (field.sublist && Array.isArray(value)) itemLookups(field, itemsAt(value, at(field.name)), into);
  }
  return into;
}

function itemLookups(field: Field, items: PlacedItem[], into: Lookup[]): void {
  for (const inner of field.sublist!.fields) {
    if (inner.kind === 'reference') {
      for (const { at, item } of items) if (typeof item[inner.name] === 'number') into.push({ table: inner.reference!.table, ids: [item[inner.name]], at: `${at}.${inner.name}` });
    }
    if (inner.sublist) {
      const nested = items.flatMap(({ at, item }) => (Array.isArray(item[inner.name]) ? itemsAt(item[inner.name] as unknown[], `${at}.${inner.name}`) : []));
      if (nested.length) itemLookups(inner, nested, into);
    }
  }
}

/** Most ids asked in one statement. */
const IDS_PER_QUERY = 10_000;

/**
 * checkReferences over many bodies at once (an import's batch): the same messages on the same fields,
 * each body's into its own `errors[i]`, with one query per referenced table whatever the number of bodies.
 */
export async function checkReferencesMany(db: Kysely<any>, fields: Field[], bodies: Record<string, unknown>[], errors: FieldErrors[]): Promise<void> {
  const lookups = bodies.map((body) => lookupsOf(fields, body, '', []));
  const asked = new Map<string, Set<number>>();
  for (const lookup of lookups.flat()) {
    const ids = asked.get(lookup.table) ?? new Set<number>();
    for (const id of lookup.ids) if (isRowId(id)) ids.add(id);
    asked.set(lookup.table, ids);
  }
  const present = new Map<string, Set<number>>();
  for (const [table, ids] of asked) {
    const all = [...ids];
    const found = new Set<number>();
    for (let start = 0; start < all.length; start += IDS_PER_QUERY) {
      const rows = await db.selectFrom(table).select('id').where('id', 'in', all.slice(start, start + IDS_PER_QUERY)).execute();
      for (const row of rows) found.add(Number(row.id));
    }
    present.set(table, found);
  }
  lookups.forEach((list, i) => {
    for (const { table, ids, at } of list) {
      if (ids.some((id) => !isRowId(id) || !present.get(table)!.has(id))) addError(errors[i], at, MISSING_REFERENCE_MESSAGE);
    }
  });
}
