import { Kysely, PostgresDialect, sql } from 'kysely';
import { expect, it } from 'vitest';
import { createPool } from '../../src/server/core/db/pg-pool.js';
import { isPreparable, preparingPool } from '../../src/server/core/db/prepared.js';
import { openDatabase } from '../../src/server/core/db/index.js';
import { dynamic, type AnyTables } from '../../src/server/core/db/dynamic.js';
import { startPgliteHost } from '../../src/server/core/db/pglite-host.js';
import { createTestTarget, DATABASE_KINDS, describeOnDatabases, TEST_POSTGRES_URL } from '../support/databases.js';

const preparedTexts = async (db: Kysely<any>) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);

describeOnDatabases('prepared statements', (getDb) => {
  it('prepares a repeated statement once on its connection and reuses it', async () => {
    await getDb().transaction().execute(async (trx) => {
      for (let n = 1; n <= 8; n++) await trx.selectFrom('states').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '>', n).executeTakeFirstOrThrow();
      const texts = await preparedTexts(trx);
      expect(texts.filter((t) => t.startsWith('select count(*) as "n" from "states"'))).toHaveLength(1);
    });
  });

  it('plans a pattern search afresh each time', async () => {
    await getDb().transaction().execute(async (trx) => {
      for (const word of ['%paulo%', '%rio%']) await trx.selectFrom('states').select('id').where('name', 'like', word).execute();
      expect((await preparedTexts(trx)).some((t) => t.includes(' like '))).toBe(false);
    });
  });
});

it('keeps at most the given number of statements prepared on a connection, and still runs the others', async () => {
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: preparingPool(createPool({ connectionString: TEST_POSTGRES_URL, max: 1 }), { limit: 3 }) }) });
  try {
    for (let n = 1; n <= 6; n++) {
      const { rows } = await sql<{ sum: number }>`select ${n}::int + ${sql.raw(String(n))} as sum`.execute(db);
      expect(rows[0].sum).toBe(2 * n);
    }
    expect(await preparedTexts(db)).toHaveLength(3);
  } finally {
    await db.destroy();
  }
});

it('prepares reads and writes, never transaction control or pattern searches', () => {
  expect(isPreparable('select id from users where id = $1')).toBe(true);
  expect(isPreparable('  with x as (select 1) select * from x')).toBe(true);
  expect(isPreparable('update users set name = $1 where id = $2')).toBe(true);
  expect(isPreparable('begin')).toBe(false);
  expect(isPreparable('explain (format json) select 1')).toBe(false);
  expect(isPreparable('select id from cities where name like $1')).toBe(false);
  expect(isPreparable('select id from cities where $1 <% name')).toBe(false);
  expect(isPreparable('select id from cities where immutable_unaccent(lower(name)) ~ ($1 || $2)')).toBe(false);
  // A batch of a hundred parameters or more is planned for the table as it is then.
  expect(isPreparable(`select id from persons where id in (${Array.from({ length: 99 }, (_, i) => `$${i + 1}`).join(', ')})`)).toBe(true);
  expect(isPreparable(`select id from persons where id in (${Array.from({ length: 100 }, (_, i) => `$${i + 1}`).join(', ')})`)).toBe(false);
});

for (const kind of DATABASE_KINDS) {
  it(`prepares a statement again when its table changed under it, outside a transaction [${kind}]`, async () => {
    const { target, drop } = await createTestTarget(kind);
    const handle = await openDatabase(target);
    // One connection, so the statement runs again where it was prepared.
    const db = kind === 'postgres'
      ? new Kysely<AnyTables>({ dialect: new PostgresDialect({ pool: preparingPool(createPool({ connectionString: (target as { url: string }).url, max: 1 })) }) })
      : dynamic(handle.db);
    try {
      await sql`create table probe (id integer primary key, label varchar(10))`.execute(db);
      await sql`insert into probe values (1, 'um')`.execute(db);
      const read = () => db.selectFrom('probe').select('label').where('id', '=', 1).executeTakeFirstOrThrow();
      for (let i = 0; i < 3; i++) expect(await read()).toEqual({ label: 'um' });
      await sql`alter table probe alter column label type varchar(40)`.execute(handle.db);
      expect(await read()).toEqual({ label: 'um' });
      // Inside a transaction the changed table fails the statement (PostgreSQL aborts the
      // transaction), and the statement works again afterwards.
      await sql`alter table probe alter column label type varchar(80)`.execute(handle.db);
      await expect(db.transaction().execute((trx) => trx.selectFrom('probe').select('label').where('id', '=', 1).execute())).rejects.toThrow(/cached plan/);
      expect(await read()).toEqual({ label: 'um' });
    } finally {
      if (kind === 'postgres') await db.destroy();
      await handle.close();
      await drop();
    }
  });
}

it('keeps working when the pool replaces an idle connection to the embedded database, whose session outlives it', async () => {
  const { target, drop } = await createTestTarget('pglite');
  const host = await startPgliteHost((target as { dataDir: string }).dataDir);
  // pg's pool closes a connection idle for longer than idleTimeoutMillis; PGlite's socket keeps one
  // session for every connection, so the statements prepared on the closed one are still there.
  const pool = createPool({ host: host.socketDir, port: host.port, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 50 });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { sharedSession: true }) }) });
  try {
    for (let round = 1; round <= 3; round += 1) {
      const { rows } = await sql<{ n: number }>`select ${round}::int as n`.execute(db);
      expect(rows[0].n).toBe(round);
      // Only what this connection prepared: the probe and the look-up of prepared statements itself.
      expect((await preparedTexts(db)).sort()).toEqual(['select $1::int as n', 'select statement from pg_prepared_statements']);
      await expect.poll(() => pool.totalCount).toBe(0);
    }
  } finally {
    await db.destroy();
    await host.stop();
    await drop();
  }
}, 120_000);
