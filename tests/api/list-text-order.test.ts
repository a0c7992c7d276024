import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from './support/server.js';

/** The order a pt-BR reader expects: case and accents second to the letters, not after Z. */
const PT_BR_ORDER = ['Abadia', 'Ação', 'Acre', 'agua', 'Água', 'Éden', 'Ema', 'Zé'];
const CREATION_ORDER = ['Zé', 'Água', 'Ema', 'Abadia', 'Éden', 'agua', 'Acre', 'Ação'];

type Row = { id: number; denomination: string };

for (const kind of DATABASE_KINDS) {
  describe(`lists sorted by a text field in pt-BR order [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let ids = '';
    const list = async (params: Record<string, string>) => {
      const response = await api('GET', `/api/estados_civis?${new URLSearchParams({ filter: ids, ...params })}`);
      expect(response.status).toBe(200);
      return response.body as { data: Row[]; meta: { next_cursor?: string } };
    };
    const names = async (params: Record<string, string>) => (await list(params)).data.map((row) => row.denomination);

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const created: number[] = [];
      for (const denomination of CREATION_ORDER) {
        const response = await api('POST', '/api/estados_civis', { denomination });
        expect(response.status).toBe(201);
        created.push(response.body.data.id);
      }
      ids = JSON.stringify({ id: created });
    });
    afterAll(() => server?.close());

    it('sorts ascending and descending as a pt-BR reader expects', async () => {
      expect(await names({ sort: 'denomination', order: 'asc' })).toEqual(PT_BR_ORDER);
      expect(await names({ sort: 'denomination', order: 'desc' })).toEqual([...PT_BR_ORDER].reverse());
    });

    it('sorts a search in the same order', async () => {
      expect(await names({ q: 'a', sort: 'denomination', order: 'asc' })).toEqual(['Abadia', 'Ação', 'Acre', 'agua', 'Água']);
      expect(await names({ q: 'AGUA', sort: 'denomination', order: 'asc' })).toEqual(['agua', 'Água']);
    });

    it('walks by next_cursor in the same order as by page numbers', async () => {
      for (const order of ['asc', 'desc']) {
        const expected = order === 'asc' ? PT_BR_ORDER : [...PT_BR_ORDER].reverse();
        const byPage: string[] = [];
        for (let page = 1; page <= 3; page++) byPage.push(...(await names({ sort: 'denomination', order, per_page: '3', page: String(page) })));
        const byCursor: string[] = [];
        let cursor: string | undefined = '';
        while (cursor !== undefined) {
          const page = await list({ sort: 'denomination', order, per_page: '3', ...(cursor ? { cursor } : {}) });
          byCursor.push(...page.data.map((row) => row.denomination));
          cursor = page.meta.next_cursor;
        }
        expect(byPage).toEqual(expected);
        expect(byCursor).toEqual(expected);
      }
    });

    it('offers combo options in the same order', async () => {
      const response = await api('GET', '/api/estados_civis/combos');
      const options = response.body.data as { name: string }[];
      expect(options.map((option) => option.name).filter((name) => PT_BR_ORDER.includes(name))).toEqual(PT_BR_ORDER);
    });
  });
}
