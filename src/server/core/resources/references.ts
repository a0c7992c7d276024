import { sql, type RawBuilder } from 'kysely';
import type { DynamicDatabase } from '../db/dynamic.js';
import type { Field } from '../../../../language/index.js';
import { addError, type FieldErrors } from '../http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';

/** An id a row can have: a positive integer the database's bigint and JavaScript both hold exactly. */
export const isRowId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One field's referenced ids, where its message goes when any is missing. */
interface Check {
  table: string;
  ids: unknown[];
  at: string;
}

/** The checks of a body's reference fields, its sub-lists' items at any depth included. */
function collectChecks(fields: Field[], body: Record<string, unknown>, at: (name: string) => string, checks: Check[]): void {
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'reference' && typeof value === 'number') checks.push({ table: field.reference!.table, ids: [value], at: at(field.name) });
    if (field.kind === 'references' && Array.isArray(value)) checks.push({ table: field.reference!.table, ids: value, at: at(field.name) });
    if (field.sublist && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (isObject(item)) collectChecks(field.sublist!.fields, item, (name) => `${at(field.name)}.${i}.${name}`, checks);
      });
    }
  }
}

/** Most ids asked in one statement (a statement holds at most 65,535 parameters). */
const IDS_PER_QUERY = 10_000;

/** The ids of the checks that rows can have, by table. */
function askedOf(checks: Check[]): Map<string, Set<number>> {
  const asked = new Map<string, Set<number>>();
  for (const { table, ids } of checks) {
    for (const id of ids) if (isRowId(id)) asked.set(table, (asked.get(table) ?? new Set()).add(id));
  }
  return asked;
}

/** The ids present in each table: every table asked in one statement, unless the ids are too many for one. */
async function presentIds(db: DynamicDatabase, asked: Map<string, Set<number>>): Promise<Map<string, Set<number>>> {
  const present = new Map<string, Set<number>>([...asked.keys()].map((table) => [table, new Set<number>()]));
  const statements: RawBuilder<unknown>[][] = [[]];
  let room = IDS_PER_QUERY;
  for (const [table, ids] of asked) {
    const all = [...ids];
    for (let start = 0; start < all.length; ) {
      if (room === 0) {
        statements.push([]);
        room = IDS_PER_QUERY;
      }
      const some = all.slice(start, start + room);
      statements.at(-1)!.push(sql`select ${table}::text as t, id from ${sql.table(table)} where id in (${sql.join(some)})`);
      start += some.length;
      room -= some.length;
    }
  }
  for (const parts of statements.filter((p) => p.length)) {
    const { rows } = await sql<{ t: string; id: string | number }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of rows) present.get(row.t)!.add(Number(row.id));
  }
  return present;
}

/** Each check with a missing id gets its message. */
function reportMissing(checks: Check[], present: Map<string, Set<number>>, errors: FieldErrors): void {
  for (const { table, ids, at } of checks) {
    // An id no row can have is missing without asking.
    if (ids.some((id) => !isRowId(id) || !present.get(table)!.has(id))) addError(errors, at, MISSING_REFERENCE_MESSAGE);
  }
}

/**
 * Checks that every referenced id in a body exists, so a wrong id gets a message on its own field
 * (`uf_id`, `telephones.1.telephone_companies_id`, `work_relations.0.expedients.2.shift_id`) instead
 * of a constraint error. One statement for the whole body, whatever its fields and sub-list items:
 * a create's checks were a round trip each before.
 */
export async function checkReferences(db: DynamicDatabase, fields: Field[], body: Record<string, unknown>, errors: FieldErrors, base = ''): Promise<void> {
  const checks: Check[] = [];
  collectChecks(fields, body, (name) => (base ? `${base}.${name}` : name), checks);
  reportMissing(checks, await presentIds(db, askedOf(checks)), errors);
}

/**
 * checkReferences over many bodies at once (an import's batch): the same messages on the same fields,
 * each body's into its own `errors[i]`, in one statement whatever the number of bodies (several past
 * IDS_PER_QUERY ids).
 */
export async function checkReferencesMany(db: DynamicDatabase, fields: Field[], bodies: Record<string, unknown>[], errors: FieldErrors[]): Promise<void> {
  const checks = bodies.map((body) => {
    const list: Check[] = [];
    collectChecks(fields, body, (name) => name, list);
    return list;
  });
  const present = await presentIds(db, askedOf(checks.flat()));
  checks.forEach((list, i) => reportMissing(list, present, errors[i]));
}
