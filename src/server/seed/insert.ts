import type { Kysely } from 'kysely';

/** Rows per INSERT: a few hundred keeps statements small and round trips few. */
export const BATCH_SIZE = 500;

/**
 * Inserts rows in batches, skipping every row that clashes with a unique index (the natural key
 * each reference schema declares with `x-unique`), so running it again adds nothing.
 * Returns how many rows were new.
 */
export async function insertMissing(db: Kysely<any>, table: string, rows: Record<string, unknown>[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const result = await db.insertInto(table).values(batch).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/** `{ natural key → id }` of a table, to point new rows at rows seeded before them. */
export async function idsBy(db: Kysely<any>, table: string, key: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom(table).select(['id', key]).execute();
  return new Map(rows.map((row) => [String(row[key]), Number(row.id)]));
}
