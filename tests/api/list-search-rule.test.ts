/**
 * The one rule of a list's `q` (src/shared/search.ts), on both databases: in a text, a word of three
 * characters or more is found anywhere, a shorter one at the start of one of the text's words (not
 * only of the value: 'a' finds 'Casado(a)'), whatever it holds; and the stock simple-rest dialect's
 * `filter.q` finds exactly what the contract's `q` finds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const CASADO = 'Casado(a) de teste';
const UNIAO = 'União estável de teste';
const MADEIRA = 'Madeira teste';

for (const kind of DATABASE_KINDS) {
  describe(`the rule of a list's search [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const ids: Record<string, number> = {};
    const mine = () => Object.values(ids);
    const nameOf = (id: number) => Object.keys(ids).find((name) => ids[name] === id);
    /** What the contract's `q` finds among the records made here, by name, in the list's order. */
    const found = async (q: string) => {
      const answer = await api('GET', `/api/estados_civis?${new URLSearchParams({ q, filter: JSON.stringify({ id: mine() }) })}`);
      expect(answer.status, `${q}: ${JSON.stringify(answer.body)}`).toBe(200);
      return (answer.body.data as { id: number }[]).map((row) => nameOf(row.id));
    };
    /** What ra-data-simple-rest's `getList` asks for the same search: `filter={"q": …}` on /api/rest. */
    const foundByStockClient = async (q: string) => {
      const query = new URLSearchParams({ sort: JSON.stringify(['denomination', 'ASC']), range: JSON.stringify([0, 24]), filter: JSON.stringify({ q, id: mine() }) });
      const answer = await api('GET', `/api/rest/estados_civis?${query}`);
      expect(answer.status, `${q}: ${JSON.stringify(answer.body)}`).toBe(200);
      return (answer.body as { id: number }[]).map((row) => nameOf(row.id));
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      for (const denomination of [CASADO, UNIAO, MADEIRA]) {
        const created = await api('POST', '/api/estados_civis', { denomination });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        ids[denomination] = created.body.data.id;
      }
    });
    afterAll(() => server?.close());

    it('finds a word of one or two characters at the start of any word of the text, not inside one', async () => {
      expect(await found('a')).toEqual([CASADO]);
      expect(await found('A')).toEqual([CASADO]);
      // 'Madeira' holds 'de' inside a word only.
      expect(await found('de')).toEqual([CASADO, UNIAO]);
      expect(await found('es')).toEqual([UNIAO]);
      expect(await found('ca de')).toEqual([CASADO]);
      expect(await found('ão')).toEqual([]);
    });

    it('finds a word of three characters or more anywhere in the text', async () => {
      expect(await found('asad')).toEqual([CASADO]);
      expect(await found('ade')).toEqual([MADEIRA]);
      expect(await found('UNIÃO')).toEqual([UNIAO]);
      expect(await found('(a)')).toEqual([CASADO]);
      expect(await found('est')).toEqual([CASADO, MADEIRA, UNIAO]);
    });

    it('reads the marks of a short word as themselves', async () => {
      expect(await found('a)')).toEqual([CASADO]);
      for (const typed of ['*', '.', '(', '[', '\\', '+?', '|']) expect(await found(typed), typed).toEqual([]);
    });

    it("answers a stock simple-rest client's q as the screen's", async () => {
      for (const q of ['a', 'de', 'es', 'asad', 'ade', 'UNIÃO', 'a)', 'ca de', 'zz']) {
        expect(await foundByStockClient(q), q).toEqual(await found(q));
      }
    });
  });
}
