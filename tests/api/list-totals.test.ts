import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChangedTables, keepTablesVacuumed } from '../../src/server/core/db/statistics.js';
import { EXACT_COUNT_LIMIT } from '../../src/server/core/resources/list.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const reltuples = async (server: TestServer, table: string) =>
  Number((await sql<{ n: number }>`select reltuples::bigint as n from pg_class where oid = ${table}::regclass`.execute(server.db)).rows[0].n);

/** Waits until `check` holds, for at most `ms` (statistics reach pg_stat_* up to a second after a write). */
async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    if (await check()) return true;
  }
  return false;
}

/** Totals of lists over freshly seeded reference tables, and past the exact-count limit. */
for (const kind of DATABASE_KINDS) {
  describe(`list totals [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      await seedReferenceData(server.db);
    }, 120_000);
    afterAll(() => server?.close());

    it('reports the 5,571 municipalities and 1,332 CNAE subclasses of a fresh seed exactly, its statistics already gathered', async () => {
      const cities = await api('GET', '/api/municipios');
      expect(cities.body.meta).toEqual({ total: 5571, page: 1, per_page: 25, next_cursor: expect.any(String) });
      const activities = await api('GET', '/api/atividades_economicas');
      expect(activities.body.meta.total).toBe(1332);
      expect(activities.body.meta).not.toHaveProperty('estimated');
      expect(await reltuples(server, 'cities')).toBe(5571);
      expect(await reltuples(server, 'economic_activities')).toBe(1332);
    });

    it('counts a filter and a search exactly below the limit', async () => {
      const sp = (await server.db.selectFrom('states').select('id').where('initials', '=', 'SP').executeTakeFirstOrThrow()).id;
      const mg = (await server.db.selectFrom('states').select('id').where('initials', '=', 'MG').executeTakeFirstOrThrow()).id;
      const both = await api('GET', `/api/municipios?filter=${encodeURIComponent(JSON.stringify({ uf_id: [sp, mg] }))}`);
      expect(both.body.meta).toMatchObject({ total: 645 + 853 });
      expect(both.body.meta).not.toHaveProperty('estimated');
      const santa = await api('GET', '/api/municipios?q=santa');
      const counted = await server.db.selectFrom('cities').select((eb) => eb.fn.countAll().as('n'))
        .where(sql<boolean>`immutable_unaccent(lower(name)) like '%santa%'`).executeTakeFirstOrThrow();
      expect(santa.body.meta.total).toBe(Number(counted.n));
      expect(santa.body.meta).not.toHaveProperty('estimated');
    });

    it('estimates a table past the limit (estimated: true), and still pages it by number and by cursor', async () => {
      const extra = EXACT_COUNT_LIMIT + 5_000;
      await sql`insert into cities (name, uf_id, ibge_code)
        select 'Vila Tutameia ' || lpad(g::text, 5, '0'), (select min(id) from states), 9600000 + g from generate_series(1, ${extra}) g`.execute(server.db);
      await sql`analyze cities`.execute(server.db);
      try {
        const first = await api('GET', '/api/municipios?sort=ibge_code&order=desc');
        expect(first.body.meta.estimated).toBe(true);
        expect(first.body.meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
        expect(Math.abs(first.body.meta.total - (5571 + extra))).toBeLessThan((5571 + extra) / 10);
        expect(first.body.data[0].name).toBe(`Vila Tutameia ${extra}`);
        const second = await api('GET', '/api/municipios?sort=ibge_code&order=desc&page=2');
        expect(second.body.data[0].name).toBe(`Vila Tutameia ${extra - 25}`);
        const byCursor = await api('GET', `/api/municipios?sort=ibge_code&order=desc&cursor=${first.body.meta.next_cursor}`);
        expect(byCursor.body.data.map((c: { id: number }) => c.id)).toEqual(second.body.data.map((c: { id: number }) => c.id));
        const search = await api('GET', '/api/municipios?q=tutameia');
        expect(search.body.meta.estimated).toBe(true);
        expect(search.body.meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
        await server.db.deleteFrom('cities').where('ibge_code', '>=', 9_600_000).execute();
        // The estimate, remembered for a few seconds, still promises thousands: a first page short of full is believed.
        const gone = await api('GET', '/api/municipios?q=tutameia');
        expect(gone.body.meta).toMatchObject({ total: gone.body.data.length });
        expect(gone.body.meta).not.toHaveProperty('estimated');
      } finally {
        await server.db.deleteFrom('cities').where('ibge_code', '>=', 9_600_000).execute();
        await sql`analyze cities`.execute(server.db);
      }
    }, 120_000);

    it('analyses a table once its rows changed as much as autovacuum waits for, and not again until they change, and vacuums its dead rows', async () => {
      await sql`insert into civil_statuses (denomination) select 'Estado ' || g from generate_series(1, 200) g`.execute(server.db);
      // Statistics reach pg_stat_user_tables when the writing session is next idle, at most once a second.
      const analysed = await eventually(async () => (await analyzeChangedTables(server.db)).includes('public.civil_statuses'));
      expect(analysed).toBe(true);
      expect(await reltuples(server, 'civil_statuses')).toBeGreaterThanOrEqual(200);
      expect(await analyzeChangedTables(server.db)).not.toContain('public.civil_statuses');
      const stop = keepTablesVacuumed(server.db, 200);
      try {
        await sql`insert into genres (denomination) select 'Gênero ' || g from generate_series(1, 300) g`.execute(server.db);
        expect(await eventually(async () => (await reltuples(server, 'genres')) >= 300)).toBe(true);
        // And the rows deleted are vacuumed away (the embedded database runs no autovacuum of its own).
        await sql`delete from genres where denomination like 'Gênero %'`.execute(server.db);
        const dead = async () => Number((await sql<{ n: string }>`select n_dead_tup as n from pg_stat_user_tables where relname = 'genres'`.execute(server.db)).rows[0].n);
        expect(await eventually(async () => (await dead()) === 0)).toBe(true);
      } finally {
        await stop();
        await sql`delete from civil_statuses where denomination like 'Estado %'`.execute(server.db);
        await sql`delete from genres where denomination like 'Gênero %'`.execute(server.db);
      }
    }, 60_000);
  });
}
