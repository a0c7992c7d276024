/**
 * 1,000 draws at once over three sequences, one in ten rolled back after its consumer stored the
 * number: every committed number is there once (duplicates 0), every number up to the stored one
 * is committed (gaps 0: a rolled-back number is given back), and the book positions follow the
 * numbers. Each draw runs as a consumer's write would: draw, store, commit (or fail).
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../generated/database.js';
import { expect, it } from 'vitest';
import { drawNumber } from '../../src/server/services/sequences/draw.js';
import { describeOnDatabases } from '../support/databases.js';
import { tally, threeSequences, type Committed } from './support/tally.js';

const DRAWS = 1000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describeOnDatabases('concurrent draws with rollbacks', (getDb, kind) => {
  it(`${DRAWS} concurrent draws over 3 sequences, 10% rolled back: no duplicate, no gap`, async () => {
    const db = getDb();
    // A consumer's table, with the unique index every consumer keeps on its formatted number.
    await sql`create table drawn_records (id bigint generated always as identity primary key, sequence_id bigint not null,
      number integer not null, formatted_number text not null, book integer, leaf integer, "order" integer,
      unique (sequence_id, formatted_number))`.execute(db);
    const ids = await threeSequences(db);
    let rolledBack = 0;
    const attempts = Array.from({ length: DRAWS }, (_, i) =>
      db.transaction().execute(async (trx) => {
        const sequence = ids[i % 3];
        const drawn = await drawNumber(trx as Kysely<SpaceDatabase>, sequence, { date: '2026-03-10' });
        await trx.insertInto('drawn_records').values({ sequence_id: sequence, ...drawn, year: undefined }).execute();
        // Some writes hold the sequence a little longer, so others queue behind them.
        if (i % 7 === 0) await sleep(i % 3);
        if (i % 10 === 5) throw new Error('falha forçada depois do número');
      }).catch((error: Error) => {
        if (error.message !== 'falha forçada depois do número') throw error;
        rolledBack += 1;
      }),
    );
    await Promise.all(attempts);
    const rows = await db.selectFrom('drawn_records').selectAll().execute();
    const committed: Committed[] = rows.map((r) => ({ sequence: Number(r.sequence_id), number: r.number, formatted_number: r.formatted_number, book: r.book, leaf: r.leaf, order: r.order }));
    const result = await tally(db, ids, committed);
    console.log(`[${kind}] ${DRAWS} draws: ${committed.length} committed, ${rolledBack} rolled back, duplicates ${result.duplicates}, gaps ${result.gaps}, misplaced ${result.misplaced}, per sequence ${result.perSequence.join('/')}`);
    expect(rolledBack).toBe(DRAWS / 10);
    expect(committed.length).toBe(DRAWS - DRAWS / 10);
    expect(result).toMatchObject({ duplicates: 0, gaps: 0, misplaced: 0 });
  }, 120_000);
});
