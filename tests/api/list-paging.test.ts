import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEW_MATCHES, listRecords } from '../../src/server/core/resources/list.js';
import { seedPlaces } from '../../src/server/core/seed/places.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from './support/server.js';

type City = { id: number; name: string; uf_id: number; ibge_code: number };

/** Keyset paging and totals, over the reference seed's municipalities (estimates: list-totals.test.ts). */
for (const kind of DATABASE_KINDS) {
  describe(`list paging by cursor and totals [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let sp = '';
    let acre = '';
    let spAndMg = '';
    const list = async (params: Record<string, string>) => api('GET', `/api/municipios?${new URLSearchParams(params)}`);

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      await seedPlaces(server.db);
      const state = async (initials: string) => (await server.db.selectFrom('states').select('id').where('initials', '=', initials).executeTakeFirstOrThrow()).id;
      sp = JSON.stringify({ uf_id: await state('SP') });
      spAndMg = JSON.stringify({ uf_id: [await state('SP'), await state('MG')] });
      acre = JSON.stringify({ uf_id: await state('AC') });
    }, 120_000);
    afterAll(() => server?.close());

    it('walks by next_cursor through the same rows, in the same order, as page numbers', async () => {
      for (const [sort, order] of [['name', 'asc'], ['name', 'desc'], ['ibge_code', 'desc'], ['id', 'asc']]) {
        const byPage: City[] = [];
        const byCursor: City[] = [];
        let cursor = '';
        for (let page = 1; page <= 4; page++) {
          byPage.push(...(await list({ sort, order, per_page: '50', page: String(page), filter: sp })).body.data);
          const response = await list({ sort, order, per_page: '50', filter: sp, ...(cursor ? { cursor } : {}) });
          expect(response.status).toBe(200);
          byCursor.push(...response.body.data);
          cursor = response.body.meta.next_cursor;
          expect(typeof cursor).toBe('string');
        }
        expect(byCursor.map((c) => c.id)).toEqual(byPage.map((c) => c.id));
        expect(new Set(byCursor.map((c) => c.id)).size).toBe(200);
      }
    });

    it('gives no next_cursor on the last page, and refuses a cursor it did not give', async () => {
      const all = await list({ filter: acre, per_page: '500' });
      expect(all.body.data.length).toBeLessThan(500);
      expect(all.body.meta.next_cursor).toBeUndefined();
      for (const cursor of ['abc', Buffer.from('{"a":1}').toString('base64url'), 'não']) {
        expect(await list({ cursor })).toMatchObject({ status: 400, body: { message: 'O parâmetro cursor é inválido.' } });
      }
    });

    it('counts filters and the whole table exactly below the limit, before any analysis', async () => {
      const saoPaulo = await list({ filter: sp });
      expect(saoPaulo.body.meta.total).toBe(645);
      expect(saoPaulo.body.meta).not.toHaveProperty('estimated');
      const many = await list({ filter: spAndMg }); // 645 + 853 municipalities
      expect(many.body.meta.total).toBe(645 + 853);
      expect(many.body.meta).not.toHaveProperty('estimated');
      const everything = await list({});
      const { n } = await server.db.selectFrom('cities').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(everything.body.meta.total).toBe(Number(n));
      expect(everything.body.meta).not.toHaveProperty('estimated');
    });

    it('pages a search the same by number and by cursor, counting it exactly up to the limit', async () => {
      const byPage: City[] = [];
      for (let page = 1; page <= 6; page++) byPage.push(...(await list({ q: 'ara', per_page: '100', page: String(page) })).body.data);
      const first = await list({ q: 'ara', per_page: '100' });
      expect(first.body.meta).toMatchObject({ total: byPage.length, page: 1, per_page: 100 });
      expect(first.body.meta.estimated).toBeUndefined();
      expect(byPage.length).toBeGreaterThan(300);
      expect(byPage.every((c) => /ara/i.test(c.name.normalize('NFD').replace(/\p{M}/gu, '')))).toBe(true);
      const byCursor: City[] = [...first.body.data];
      for (let cursor = first.body.meta.next_cursor; cursor; ) {
        const response = await list({ q: 'ara', per_page: '100', cursor });
        byCursor.push(...response.body.data);
        cursor = response.body.meta.next_cursor;
      }
      expect(byCursor.map((c) => c.id)).toEqual(byPage.map((c) => c.id));
      const beyond = await list({ q: 'ara', per_page: '100', page: '9' });
      expect(beyond.body).toMatchObject({ data: [], meta: { total: byPage.length } });
    });

    it('counts a search with more matches than one statement reads, and still pages it in order', async () => {
      const uf = JSON.parse(acre).uf_id;
      const rows = Array.from({ length: FEW_MATCHES + 100 }, (_, i) => ({ name: `Povoado Xurupita ${String(i).padStart(4, '0')}`, uf_id: uf, ibge_code: 9_800_000 + i }));
      await server.db.insertInto('cities').values(rows).execute();
      try {
        const first = await list({ q: 'xurupita', per_page: '50' });
        expect(first.body.meta).not.toHaveProperty('estimated');
        expect(first.body.meta.total).toBe(FEW_MATCHES + 100);
        expect(first.body.data.map((c: City) => c.name)).toEqual(rows.slice(0, 50).map((r) => r.name));
        const second = await list({ q: 'xurupita', per_page: '50', cursor: first.body.meta.next_cursor });
        expect(second.body.data.map((c: City) => c.name)).toEqual(rows.slice(50, 100).map((r) => r.name));
        const one = await list({ q: 'xurupita 0042' });
        expect(one.body).toMatchObject({ data: [{ name: 'Povoado Xurupita 0042' }], meta: { total: 1 } });
      } finally {
        await server.db.deleteFrom('cities').where('ibge_code', '>=', 9_800_000).execute();
      }
    });
    /** Runs `check` while the table holds 12,000 more cities named 'Vila Xurupema 00001'…, analysed; removes them after. */
    const withVilas = async (check: () => Promise<void>) => {
      const uf = JSON.parse(acre).uf_id;
      await sql`insert into cities (name, uf_id, ibge_code)
        select 'Vila Xurupema ' || lpad(g::text, 5, '0'), ${uf}, 9700000 + g from generate_series(1, 12000) g`.execute(server.db);
      await sql`analyze cities`.execute(server.db);
      try {
        await check();
      } finally {
        await server.db.deleteFrom('cities').where('ibge_code', '>=', 9_700_000).execute();
        await sql`analyze cities`.execute(server.db);
      }
    };

    it('pages a search the planner expects to match very many rows without reading them all first, and counts it', async () => {
      await withVilas(async () => {
        const first = await list({ q: 'xurupema', per_page: '50' });
        expect(first.body.meta).toMatchObject({ total: 12_000 });
        expect(first.body.meta).not.toHaveProperty('estimated');
        expect(first.body.data.map((c: City) => c.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Vila Xurupema ${String(i + 1).padStart(5, '0')}`));
        await server.db.deleteFrom('cities').where('ibge_code', '>=', 9_700_000).execute();
        // The planner's estimate (statistics, remembered for a few seconds) still promises thousands; the count finds none.
        const none = await list({ q: 'xurupema' });
        expect(none.body.meta, JSON.stringify(none.body).slice(0, 400)).not.toHaveProperty('estimated');
        expect(none.body.meta.total).toBe(none.body.data.length);
      });
    });
    it('reads the page of a search of thousands from its matches, not by walking the list in its order', async () => {
      await withVilas(async () => {
        const statements: CompiledQuery[] = [];
        const recorder: KyselyPlugin = {
          transformQuery: (args) => (statements.push(server.db.getExecutor().compileQuery(args.node, args.queryId)), args.node),
          transformResult: async (args) => args.result,
        };
        const cities = server.model.byModule.get('municipios')!;
        const page = await listRecords(server.db.withPlugin(recorder), cities, { q: 'xurupema', per_page: '50' });
        expect(page.meta.total).toBe(12_000);
        expect(page.data.map((c) => c.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Vila Xurupema ${String(i + 1).padStart(5, '0')}`));
        // Walking the name index from 'A' would test every city named before 'Vila Xurupema' and throw it away
        // (reading the table whole is fair here: two rows in three match).
        const thrownAway: string[] = [];
        for (const statement of statements.filter((s) => s.sql.includes('"cities"'))) {
          const { rows: [row] } = await server.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]));
          const raw = row['QUERY PLAN'];
          type Node = { 'Index Name'?: string; 'Node Type': string; 'Rows Removed by Filter'?: number; Plans?: Node[] };
          const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
          const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: Node }];
          for (const node of nodes(plan.Plan)) {
            if (node['Index Name'] === 'cities_name_idx' && (node['Rows Removed by Filter'] ?? 0) > 0) thrownAway.push(`${node['Node Type']}: ${node['Rows Removed by Filter']}`);
          }
        }
        expect(thrownAway).toEqual([]);
      });
    });
    it('finds names despite a typo in any word, each word compared with the words of the table', async () => {
      const names = async (q: string) => (await list({ q, per_page: '100' })).body.data.map((c: City) => c.name);
      expect(await names('Sao Paolo')).toContain('São Paulo');
      expect(await names('sao-paolo')).toContain('São Paulo');
      expect(await names('ribeirao pretu')).toContain('Ribeirão Preto');
      expect(await names('belo horisonte')).toContain('Belo Horizonte');
      // Every word still counts: a typo'd word beside one no name has finds nothing.
      expect(await names('Paolo Xzqwv')).toEqual([]);
    });
  });
}
