import type { Kysely } from 'kysely';

let made = 0;

/** The blocks has_book starts with (spec 000 §4), ends shortened by `ends`. */
export const bookBlocks = (ends: { leaf?: number; order?: number } = {}) => ({
  number_book: 1, start_book: 1, increment_book: 1,
  number_leaf: 1, start_leaf: 1, end_leaf: ends.leaf ?? 100, increment_leaf: 1,
  number_order: 1, start_order: 1, end_order: ends.order ?? 100, increment_order: 1,
});

/** Stores a sequence straight in the table (number 0, start 1, increment 1 unless given); its id. */
export async function insertSequence(db: Kysely<any>, values: Record<string, unknown> = {}): Promise<number> {
  made += 1;
  const row = await db
    .insertInto('sequences')
    .values({ name: `Sequência de teste ${made} ${Date.now()}`, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function sequenceRow(db: Kysely<any>, id: number): Promise<Record<string, any>> {
  return db.selectFrom('sequences').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
