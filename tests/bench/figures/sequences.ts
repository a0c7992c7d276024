import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../generated/database.js';
import pg from 'pg';
import { openDatabase } from '../../../src/server/core/db/index.js';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { drawNumber } from '../../../src/server/services/sequences/draw.js';
import { createBenchDatabase } from '../support/postgres.js';
import { atLeastRow, infoRow, type Row } from '../support/report.js';
import { perSecond } from '../support/stats.js';
import { MIGRATIONS } from '../../../src/server/features.js';

const CLIENTS = 16;
const SECONDS = 3;
const TURNS = 4;
const BARE = 'update sequences set number = number + increment where id = $1 returning number';

/** The bare statement inside a transaction of its own, as a consumer's draw holds the row until its commit. */
async function inTransaction(pool: pg.Pool, sequence: number) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(BARE, [sequence]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

/**
 * Figure 8: numbers drawn per second by 16 concurrent clients of one sequence on PostgreSQL — each
 * `drawNumber` called with the database, a draw of its own (once the mask is known sound, the draw's
 * `update … returning` committing by itself; the mask formatted), through the product's pool (10
 * connections) — vs the same number of clients sending the bare `update … returning` to the same
 * table through `pg` (10 connections, each statement its own transaction), in turns (bare, draw, …).
 * For reference, draws inside a consumer's transaction (begin, draw, commit) vs the bare statement
 * inside `begin … commit`, which keeps the row locked for the same round trip.
 */
export async function sequenceFigures(log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: target.url });
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // Dropping the database ends connections still closing: not an error of the figure.
  pool.on('error', () => {});
  try {
    await migrateToLatest(handle.db, MIGRATIONS.space);
    const { id } = await handle.db.insertInto('sequences')
      .values({ name: 'Inscrições', number: 0, start: 1, increment: 1, formatting: '{numero:6}/{ano}', annual_restart: true, auto_numbering: true, has_book: false })
      .returning('id').executeTakeFirstOrThrow();
    const sequence = Number(id);
    const contenders = {
      bare: () => pool.query(BARE, [sequence]),
      draw: () => drawNumber(handle.db, sequence, { date: new Date() }),
      transaction: () => inTransaction(pool, sequence),
      consumer: () => handle.db.transaction().execute((trx) => drawNumber(trx as Kysely<SpaceDatabase>, sequence, { date: new Date() })),
    };
    const names = ['bare', 'draw', 'transaction', 'consumer'] as const;
    const totals = { bare: 0, draw: 0, transaction: 0, consumer: 0 };
    for (const name of names) await perSecond(CLIENTS, 1, contenders[name]);
    // Short turns, many of them, each contender in every turn: what else runs on the machine falls on all three alike.
    for (let turn = 0; turn < TURNS; turn++) {
      for (const name of names) {
        const { rate, calls } = await perSecond(CLIENTS, SECONDS, contenders[name]);
        totals[name] += rate / TURNS;
        log(`figure 8, turn ${turn + 1}: ${name} ${Math.round(rate).toLocaleString('en')}/s (${calls.toLocaleString('en')} in ${SECONDS} s)`);
      }
    }
    const { number } = await handle.db.selectFrom('sequences').select('number').where('id', '=', sequence).executeTakeFirstOrThrow();
    const perSec = (n: number) => `${Math.round(n).toLocaleString('en')} /s`;
    return [
      atLeastRow('8', `numbers drawn, ${CLIENTS} clients of one sequence: drawNumber vs bare update … returning via pg`, totals.draw, totals.bare, 0.8, perSec,
        `mean of ${TURNS} turns of ${SECONDS} s each, 1 s warm-up each; PostgreSQL, 10 connections each side; each draw one of its own (a statement that commits by itself once the mask is known sound)`),
      {
        ...atLeastRow('8', `draws inside a consumer's transaction vs the bare update … returning in begin … commit via pg (reference)`, totals.consumer, totals.transaction, 0, perSec,
          'a consumer\'s record and its number commit together: the row stays locked until the commit, one round trip after the update, on both sides'),
        target: '—', verdict: 'info',
      },
      infoRow('8', 'the sequence after the figure (bare updates, draws and transactions together)', number.toLocaleString('en')),
    ];
  } finally {
    await pool.end();
    await handle.close();
    await target.drop();
  }
}
