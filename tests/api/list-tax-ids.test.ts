/**
 * A list's `q` finds a CNPJ by its start as a person types it, with or without punctuation, though it
 * is stored written out (`11.222.333/0001-81`), and by nothing else: no piece inside the number, of
 * any length (the rule: src/shared/search.ts). On a fixture schema (no real schema searches a CNPJ
 * yet; the CPF is in tests/parties/persons.test.ts), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT, searchCondition } from '../../src/server/core/resources/search.js';
import { compileOnly } from '../support/compile-only.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

describe('the condition a typed CNPJ puts on the list', () => {
  const contacts = model.byModule.get('contatos')!;
  const statement = (q: string) => compileOnly.selectFrom(contacts.table).selectAll().where(searchCondition(contacts, q, EXACT)).compile().sql;

  it('reads a typed number by the prefix range of its column alone, whatever its length', () => {
    // The trigram index would read the posting lists of every trigram of the number, for a search by its start.
    for (const typed of ['11222333', '11', '0001', '11.222', '222333', '12abc']) {
      expect(statement(typed), typed).toContain('"tax_id" like $');
      expect(statement(typed), typed).not.toContain('lower("tax_id")');
    }
  });

  it('puts no condition of the number on a word that starts none', () => {
    expect(statement('contato')).not.toContain('"tax_id"');
    expect(statement('2024')).toContain('"tax_id" like $');
  });
});

for (const kind of DATABASE_KINDS) {
  describe(`list search by CNPJ [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const ids: Record<string, number> = {};
    const found = async (q: string) => (await api('GET', `/api/contatos?${new URLSearchParams({ q })}`)).body.data.map((r: { id: number }) => r.id);

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
      for (const [name, taxId] of [['numeric', '11222333000181'], ['alphanumeric', '12.abc.345/01de-35'], ['none', undefined]] as const) {
        const created = await api('POST', '/api/contatos', { name: `Contato ${name} 2024`, tax_id: taxId });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        ids[name] = created.body.data.id;
      }
    }, 60_000);
    afterAll(() => server?.close());

    it('stores the CNPJ written out, and finds it by its first characters however typed', async () => {
      expect((await api('GET', `/api/contatos/${ids.numeric}`)).body.data.tax_id).toBe('11.222.333/0001-81');
      for (const typed of ['11222333', '11.222333', '112223330001', '11222333/0001', '11222333000181', '11.222.333/0001-81', '11.222']) {
        expect(await found(typed), typed).toEqual([ids.numeric]);
      }
      for (const typed of ['12abc', '12ABC34501', '12.ABC.345/01DE-35', '12abc34501de35']) {
        expect(await found(typed), typed).toEqual([ids.alphanumeric]);
      }
    });

    it('finds no CNPJ by a piece inside it, however long, and a name by a number inside it', async () => {
      for (const typed of ['22', '222', '0001', '222333', '222.333', '2223330001', '0001-81', '81', 'abc', '345/01']) {
        expect(await found(typed), typed).toEqual([]);
      }
      // The names (Contato … 2024) are texts: a number of 3 characters or more is found anywhere in them.
      expect((await found('024')).length).toBe(3);
    });

    it('keeps every word a condition, and a name with digits a name', async () => {
      expect(await found('11222333 numeric')).toEqual([ids.numeric]);
      expect(await found('11222333 alphanumeric')).toEqual([]);
      expect((await found('2024')).sort((a: number, b: number) => a - b)).toEqual([ids.numeric, ids.alphanumeric, ids.none]);
      expect(await found('112223330001819')).toEqual([]);
    });
  });
}
