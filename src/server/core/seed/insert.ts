import type { Kysely } from 'kysely';
import { dynamic } from '../db/dynamic.js';

/** Rows per INSERT: a few hundred keeps statements small and round trips few. */
export const BATCH_SIZE = 500;

/**
 * Inserts rows in batches, skipping every row that clashes with a unique index (the natural key
 * each reference schema declares with `x-unique`), so running it again adds nothing.
 * Returns how many rows were new.
 */
export async function insertMissing<DB>(db: Kysely<DB>, table: keyof DB & string, rows: Record<string, unknown>[]): Promise<number> {
  const name: string = table;
  let inserted = 0;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const result = await dynamic(db).insertInto(name).values(batch).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/** `{ natural key → id }` of a table, to point new rows at rows seeded before them. */
export async function idsBy<DB>(db: Kysely<DB>, table: keyof DB & string, key: string): Promise<Map<string, number>> {
  const name: string = table;
  const rows = await dynamic(db).selectFrom(name).select(['id', key]).execute();
  return new Map(rows.map((row) => [String(row[key]), Number(row.id)]));
}
