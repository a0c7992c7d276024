/**
 * A list's `q` finds a CNPJ by its first characters as a person types them, with or without
 * punctuation, though it is stored written out (`11.222.333/0001-81`), on a fixture schema (no real
 * schema searches a CNPJ yet; the CPF is in tests/parties/persons.test.ts), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT, searchCondition } from '../../src/server/resources/search.js';
import { fitsWrittenTaxId } from '../../src/shared/validators.js';
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

  it('reads characters that fit in no group of the written number by the prefix range alone', () => {
    // Scanning the column's trigram index for '%11222333%' costs milliseconds on a large table and can find nothing.
    expect(statement('11222333')).toContain('"tax_id" like $');
    expect(statement('11222333')).not.toContain('lower("tax_id")');
    expect(statement('12abc')).not.toContain('lower("tax_id")');
    // A word shorter than a trigram matches the start of a value: of the number, that is the range.
    expect(statement('11')).toContain('"tax_id" like $');
    expect(statement('11')).not.toContain('lower("tax_id")');
    // A run as long as a group may be inside the number: '0001' is its fourth group.
    expect(statement('0001')).toContain('lower("tax_id")');
    expect(statement('11.222')).toContain('lower("tax_id")');
  });

  it('tells which typed runs could be inside a written CPF or CNPJ', () => {
    expect(['982', '529.98', '529.982.247-25', '47-25'].filter((typed) => !fitsWrittenTaxId('cpf', typed))).toEqual([]);
    expect(['5299', '529982', '52998224725', '5299.82'].filter((typed) => fitsWrittenTaxId('cpf', typed))).toEqual([]);
    expect(fitsWrittenTaxId('cnpj', '0001')).toBe(true);
    expect(fitsWrittenTaxId('cnpj', '00018')).toBe(false);
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

    it('keeps every word a condition, and a name with digits a name', async () => {
      expect(await found('11222333 numeric')).toEqual([ids.numeric]);
      expect(await found('11222333 alphanumeric')).toEqual([]);
      expect((await found('2024')).sort((a: number, b: number) => a - b)).toEqual([ids.numeric, ids.alphanumeric, ids.none]);
      expect(await found('112223330001819')).toEqual([]);
    });
  });
}
