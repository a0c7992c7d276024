import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { ensureSearchVocabulary } from '../../src/server/core/db/search-vocabulary.js';
import { vacuumDeadTables } from '../../src/server/core/db/statistics.js';
import { describeOnDatabases } from '../support/databases.js';

const vocabulary = async (db: Kysely<any>) =>
  Object.fromEntries(
    (await sql<{ word: string; rows: number }>`select word, rows from search_words where table_name = 'civil_statuses' order by word`.execute(db)).rows.map((r) => [r.word, Number(r.rows)]),
  );

const WORDS = Array.from({ length: 40 }, (_, i) => `palavra${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}`);

describeOnDatabases('search vocabulary', (getDb) => {
  it('counts the words of searchable columns as rows are inserted, changed and deleted', async () => {
    const db = getDb();
    await db.insertInto('civil_statuses').values([{ denomination: 'União Estável Teste' }, { denomination: 'Uniao de Fato' }, { denomination: 'Só' }]).execute();
    expect(await vocabulary(db)).toEqual({ estavel: 1, fato: 1, teste: 1, uniao: 2 });
    await db.updateTable('civil_statuses').set({ denomination: 'Separação Teste' }).where('denomination', '=', 'Uniao de Fato').execute();
    expect(await vocabulary(db)).toEqual({ estavel: 1, separacao: 1, teste: 2, uniao: 1 });
    await db.deleteFrom('civil_statuses').execute();
    expect(await vocabulary(db)).toEqual({});
  });

  it('keeps no number: a number typed matches the start of a value, never a neighbouring number', async () => {
    const db = getDb();
    await db.insertInto('civil_statuses').values([{ denomination: 'Casado 1998 regime 529.982.247-25 3a' }]).execute();
    expect(await vocabulary(db)).toEqual({ casado: 1, regime: 1 });
    await db.deleteFrom('civil_statuses').execute();
  });

  it('counts every vocabulary again when words are split another way, so none of the old words stays', async () => {
    const db = getDb();
    await db.insertInto('civil_statuses').values([{ denomination: 'Solteiro 2024' }]).execute();
    // The vocabulary as an earlier split (numbers kept) left it.
    await sql`create or replace function search_words_of(text) returns setof text language sql immutable parallel safe as $b$
      select distinct w from unnest(regexp_split_to_array(immutable_unaccent(lower($1)), '[^a-z0-9]+')) w where length(w) >= 3 $b$`.execute(db);
    await sql`insert into search_words (table_name, word, rows) values ('civil_statuses', '2024', 1)`.execute(db);
    await ensureSearchVocabulary(db);
    expect(await vocabulary(db)).toEqual({ solteiro: 1 });
    await db.deleteFrom('civil_statuses').execute();
    expect(await vocabulary(db)).toEqual({});
  });

  it('fills the vocabulary of rows written before its triggers existed', async () => {
    const db = getDb();
    for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`civil_statuses_words_${event}`)} on civil_statuses`.execute(db);
    await db.insertInto('civil_statuses').values([{ denomination: 'Viúvo Antigo' }]).execute();
    expect(await vocabulary(db)).toEqual({});
    // Two processes starting together both find the triggers missing; they take turns.
    await Promise.all([ensureSearchVocabulary(db), ensureSearchVocabulary(db)]);
    expect(await vocabulary(db)).toEqual({ antigo: 1, viuvo: 1 });
    await db.insertInto('civil_statuses').values([{ denomination: 'Viúva Nova' }]).execute();
    expect(await vocabulary(db)).toEqual({ antigo: 1, nova: 1, viuva: 1, viuvo: 1 });
  });

  it('lets the space of a transaction\'s pending changes be reclaimed: vacuumed as autovacuum would, saves grow no other table', async () => {
    const db = getDb();
    // Every table of the database but the one written and the vocabulary, with its indexes.
    const othersSize = async () => Number((await sql<{ bytes: string }>`
      select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind = 'r' and c.relname not in ('civil_statuses', 'search_words')`.execute(db)).rows[0].bytes);
    const deadRows = async () => Number((await sql<{ n: string }>`
      select coalesce(sum(n_dead_tup), 0)::bigint as n from pg_stat_user_tables where relname like 'search\\_word\\_%'`.execute(db)).rows[0].n);
    const saves = async (from: number) => {
      for (let i = from; i < from + 400; i++) {
        const [{ id }] = await db.insertInto('civil_statuses').values({ denomination: `Estado ${WORDS[i % WORDS.length]} ${i}` }).returning('id').execute();
        await db.updateTable('civil_statuses').set({ denomination: `Situacao ${WORDS[(i + 7) % WORDS.length]} ${i}` }).where('id', '=', id).execute();
      }
    };
    // The embedded database runs no autovacuum: the product's round (keepTablesVacuumed) does its work.
    // Statistics reach pg_stat_user_tables up to a second after a write: until the saves' dead rows
    // are counted there, none is no proof of a vacuum (the round picks its tables by them).
    const vacuumed = async () => {
      await expect.poll(deadRows, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
      for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
        await vacuumDeadTables(db);
        if (await deadRows() === 0) return true;
      }
      return false;
    };
    const empty = await othersSize();
    await saves(0);
    const grown = await othersSize();
    // The pending changes took room: the second round must find it again, not take more.
    expect(grown).toBeGreaterThan(empty);
    expect(await vacuumed()).toBe(true);
    await saves(400);
    expect(await vacuumed()).toBe(true);
    expect(await othersSize()).toBeLessThanOrEqual(grown);
    expect((await vocabulary(db)).situacao).toBe(800);
  });

  it('lets writers sharing words save at once, each waiting its turn on a word, none deadlocked', async () => {
    const db = getDb();
    // Rows of many shared words, in every order, written and deleted a statement at a time by six writers.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const denomination = () => Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    await Promise.all(Array.from({ length: 6 }, () => (async () => {
      for (let i = 0; i < 40; i++) {
        await db.insertInto('civil_statuses').values(Array.from({ length: 4 }, () => ({ denomination: `${denomination()} ${random()}` }))).execute();
        if (i % 4 === 3) await db.deleteFrom('civil_statuses').where('denomination', 'like', `${WORDS[Math.floor(random() * WORDS.length)]}%`).execute();
      }
    })()));
    const { rows: [counted] } = await sql<{ rows: number }>`
      select count(*)::int as rows from civil_statuses r, search_words_of(r.denomination) w where length(w) < 12`.execute(db);
    const kept = Object.entries(await vocabulary(db)).filter(([word]) => word.length < 12);
    expect(kept.reduce((total, [, n]) => total + n, 0)).toBe(counted.rows);
  });
});

// Two connections at once: PostgreSQL's subject (the embedded database has one connection, so its
// transactions never overlap).
describeOnDatabases('search vocabulary, transactions of several statements', (getDb) => {
  /** Two transactions, each writing once, waiting until the other has, then writing again. */
  const crossed = async (db: Kysely<any>, steps: [(trx: Kysely<any>) => Promise<unknown>, (trx: Kysely<any>) => Promise<unknown>][]) => {
    const arrived: Array<() => void> = [];
    const both = Promise.all(steps.map((_, i) => new Promise<void>((resolve) => { arrived[i] = resolve; })));
    await Promise.all(steps.map(([first, second], i) => db.transaction().execute(async (trx) => {
      await first(trx);
      arrived[i]();
      await both;
      await second(trx);
    })));
  };

  it('commits two transactions that write shared words in opposite orders, neither deadlocked, and counts both', async () => {
    const db = getDb();
    const insert = (denomination: string) => (trx: Kysely<any>) => trx.insertInto('civil_statuses').values({ denomination }).execute();
    // Four rows (a denomination is unique), two words shared.
    await crossed(db, [[insert('Alfa um'), insert('Bravo dois')], [insert('Bravo tres'), insert('Alfa quatro')]]);
    expect(await vocabulary(db)).toEqual({ alfa: 2, bravo: 2, dois: 1, quatro: 1, tres: 1 });

    // Deleted two by two, in opposite orders.
    const [alfa, bravo] = await Promise.all(['Alfa%', 'Bravo%'].map(async (words) =>
      (await db.selectFrom('civil_statuses').select('id').where('denomination', 'like', words).orderBy('id').execute()).map((r) => Number(r.id))));
    const remove = (id: number) => (trx: Kysely<any>) => trx.deleteFrom('civil_statuses').where('id', '=', id).execute();
    await crossed(db, [[remove(alfa[0]), remove(bravo[0])], [remove(bravo[1]), remove(alfa[1])]]);
    expect(await vocabulary(db)).toEqual({});
  });
}, { kinds: ['postgres'] });
