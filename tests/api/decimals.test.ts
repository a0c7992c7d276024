/**
 * Exact decimals through the API, on PGlite and PostgreSQL: text in, the same digits stored in
 * `numeric(p,s)` and read back as text, the specification's messages on the field otherwise, and
 * money kept in `numeric(15,2)` through the same decimal arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { exactCombosModel } from './support/exact-combos.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = exactCombosModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

const LARGEST = '9999999999999999999.9999999999999';

for (const kind of DATABASE_KINDS) {
  describe(`exact decimals [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const rows = async () => Number((await server.db.selectFrom('currency_exchange_rates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const create = (body: Record<string, unknown>) => api('POST', '/api/cotacoes_moedas', { date: '2026-01-05', ...body });
    const refused = async (body: Record<string, unknown>, errors: Record<string, string[]>) => {
      const before = await rows();
      const response = await create(body);
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.errors).toEqual(errors);
      expect(await rows()).toBe(before);
    };

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it('stores the column as numeric(integer + fraction, fraction)', async () => {
      const column = await server.db
        .selectFrom('information_schema.columns')
        .select(['data_type', 'numeric_precision', 'numeric_scale'])
        .where('table_name', '=', 'currency_exchange_rates')
        .where('column_name', '=', 'exchange_rate')
        .executeTakeFirstOrThrow();
      expect(column).toEqual({ data_type: 'numeric', numeric_precision: 32, numeric_scale: 13 });
    });

    it('keeps every one of 19 integer and 13 decimal digits, as text, on the way in and out', async () => {
      const created = await create({ exchange_rate: LARGEST, inverse_rate: '0.0001' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.exchange_rate).toBe(LARGEST);
      const read = await api('GET', `/api/cotacoes_moedas/${created.body.data.id}`);
      expect(read.body.data.exchange_rate).toBe(LARGEST);
      expect(read.body.data.inverse_rate).toBe('0.0001');
      // 0.1 + 0.2 as floats is 0.30000000000000004: the database adds the stored text exactly.
      const second = await create({ exchange_rate: '0.2', inverse_rate: '0.1' });
      const sum = await server.db
        .selectFrom('currency_exchange_rates')
        .select((eb) => eb(eb.ref('exchange_rate'), '+', eb.ref('inverse_rate')).as('sum'))
        .where('id', '=', second.body.data.id)
        .executeTakeFirstOrThrow();
      expect(sum.sum).toBe('0.3000000000000');
    });

    it('reads a stored decimal as text from the driver, never a JS number', async () => {
      const row = await server.db.selectFrom('currency_exchange_rates').select('exchange_rate').where('exchange_rate', '=', LARGEST).executeTakeFirstOrThrow();
      expect(row.exchange_rate).toBe(LARGEST);
    });

    it('answers too many decimal places with the specification\'s message on the field', async () => {
      await refused({ exchange_rate: '1.12345678901234' }, { exchange_rate: ['O campo Cotação deve conter no máximo 13 casas decimais.'] });
    });

    it('answers too many integer digits with the specification\'s message on the field', async () => {
      await refused({ exchange_rate: '10000000000000000000' }, { exchange_rate: ['O campo Cotação deve conter no maximo 19 casas inteiras.'] });
      await refused({ exchange_rate: '1', inverse_rate: '1234567.5' }, { inverse_rate: ['O campo Cotação inversa deve conter no maximo 6 casas inteiras.'] });
    });

    it('does not count trailing zeros as decimal places (a value read back saves again)', async () => {
      const created = await create({ exchange_rate: '2.50000000000000000000' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.exchange_rate).toBe('2.5000000000000');
      const saved = await api('PUT', `/api/cotacoes_moedas/${created.body.data.id}`, created.body.data);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    });

    it('refuses a JSON number with a fraction (it may have lost places already) and takes a whole one', async () => {
      await refused({ exchange_rate: 0.1 }, { exchange_rate: ['O campo Cotação deve ser enviado como texto, como "1234.5678", para que nenhuma casa decimal se perca.'] });
      const whole = await create({ exchange_rate: 5 });
      expect(whole.status, JSON.stringify(whole.body)).toBe(201);
      expect(whole.body.data.exchange_rate).toBe('5.0000000000000');
    });

    it('refuses text that is no decimal in the API\'s form', async () => {
      for (const exchange_rate of ['abc', '1,5', '1.234.5', '1e5', ' . ']) {
        await refused({ exchange_rate }, { exchange_rate: ['O campo Cotação deve ser um número.'] });
      }
    });

    it('compares the bounds exactly', async () => {
      await refused({ exchange_rate: '1', inverse_rate: '1000.0001' }, { inverse_rate: ['O campo Cotação inversa deve ser no máximo 1.000.'] });
      await refused({ exchange_rate: '1', inverse_rate: '-0.0001' }, { inverse_rate: ['O campo Cotação inversa deve ser no mínimo 0.'] });
      expect((await create({ exchange_rate: '1', inverse_rate: '1000.0000' })).status).toBe(201);
    });

    it('keeps money in numeric(15,2): pt-BR or plain text, cents exact, beyond the column refused', async () => {
      const created = await create({ exchange_rate: '1', fee: '1.234.567.890.123,45' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.fee).toBe('1234567890123.45');
      await refused({ exchange_rate: '1', fee: '10000000000000.00' }, { fee: ['O campo Tarifa deve ser menor que 10.000.000.000.000,00.'] });
      await refused({ exchange_rate: '1', fee: 0.125 }, { fee: ['Este campo deve ter um valor decimal'] });
    });

    it('filters the list by a decimal compared exactly', async () => {
      const list = await api('GET', `/api/cotacoes_moedas?filter=${encodeURIComponent(JSON.stringify({ exchange_rate: LARGEST }))}`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.data.map((row: { exchange_rate: string }) => row.exchange_rate)).toEqual([LARGEST]);
    });
  });
}
