/**
 * Currencies and exchange rates through the API: currencies inserted by administrators only, their
 * required fields and one-character separators, offered as symbol and name; exchange rates exact to
 * 19 integer digits and 13 decimals, their inverse computed by the server on every save (1 / rate,
 * rounded half up to the column's 13 places; a value sent for it dropped), with the specification's
 * messages on the field at fault, inactivated rather than deleted; a rounding setting a currency uses cannot be deleted (409 naming Moedas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const FORBIDDEN = 'Você não tem permissão para executar esta ação.';
const LARGEST = '9999999999999999999.9999999999999';

for (const kind of FEATURE_DATABASE_KINDS) describe(`currencies and exchange rates [${kind}]`, () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;
  let rounding = 0;
  let real: Record<string, any>;
  let dollar: Record<string, any>;

  const currency = (body: Record<string, unknown>) =>
    api('POST', '/api/moeda', { name: 'Real', plural_name: 'Reais', symbol: 'R$', international_abbreviation: 'BRL', value_rounding_setting_id: rounding, decimal_places_separator: ',', thousands_separator: '.', ...body });

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    const setting = await api('POST', '/api/configuracao_arredondamento_valor', { denomination: 'Centavos', configs: [{ since: '2000-01-01', decimal_places_number: 2, rounding_method: 1 }] });
    rounding = setting.body.data.id;
    real = (await currency({})).body.data;
    dollar = (await currency({ name: 'Dólar americano', plural_name: 'Dólares americanos', symbol: 'US$', international_abbreviation: 'USD', decimal_places_separator: '.', thousands_separator: ',' })).body.data;
  }, 120_000);

  afterAll(async () => server?.close());

  it('keeps a currency with its names, symbol, rounding setting and separators, offered as symbol and name', async () => {
    expect(real).toMatchObject({ name: 'Real', plural_name: 'Reais', symbol: 'R$', international_abbreviation: 'BRL', value_rounding_setting_id: rounding, decimal_places_separator: ',', thousands_separator: '.' });
    const combo = await api('GET', '/api/moeda/combos');
    expect(combo.body.data.map((option: any) => option.name)).toEqual(['R$ - Real', 'US$ - Dólar americano']);
  });

  it('asks a currency for its required fields, separators of one character and an abbreviation of at most 3', async () => {
    const missing = await api('POST', '/api/moeda', { decimal_places_separator: '', thousands_separator: '' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['decimal_places_separator', 'name', 'plural_name', 'symbol', 'thousands_separator', 'value_rounding_setting_id']);
    expect(missing.body.errors.value_rounding_setting_id).toEqual(['O campo Configuração de arredondamento de valor é obrigatório.']);
    expect(Object.keys((await currency({ decimal_places_separator: ',,' })).body.errors)).toEqual(['decimal_places_separator']);
    expect(Object.keys((await currency({ thousands_separator: '..' })).body.errors)).toEqual(['thousands_separator']);
    expect(Object.keys((await currency({ international_abbreviation: 'EURO' })).body.errors)).toEqual(['international_abbreviation']);
  });

  it('lets only administrators insert a currency; others with its permissions still edit it', async () => {
    const clerk = await userWith(server, ['currency.index', 'currency.show', 'currency.store', 'currency.update'].map((name) => ({ name })));
    const asClerk = call(server, clerk.token);
    const refused = await asClerk('POST', '/api/moeda', { name: 'Euro', plural_name: 'Euros', symbol: '€', value_rounding_setting_id: rounding, decimal_places_separator: ',', thousands_separator: '.' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FORBIDDEN);
    const edited = await asClerk('PUT', `/api/moeda/${dollar.id}`, { ...dollar, substitute_currency_id: real.id, substitute_currency_conversion_value: '5.4321' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ substitute_currency_id: real.id, substitute_currency_conversion_value: '5.4321000000000' });
  });

  it('keeps an exchange rate of 19 integer digits and 13 decimals exactly, and its inverse computed', async () => {
    const made = await api('POST', '/api/cotacoes_moedas', { currency_one_id: dollar.id, exchange_rate: '0.0000000000001', currency_two_id: real.id, date: '2026-11-27' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const read = (await api('GET', `/api/cotacoes_moedas/${made.body.data.id}`)).body.data;
    expect([read.exchange_rate, read.exchange_rate_for_currency_one]).toEqual(['0.0000000000001', '10000000000000.0000000000000']);
    const largest = await api('POST', '/api/cotacoes_moedas', { currency_one_id: dollar.id, exchange_rate: LARGEST, currency_two_id: real.id, date: '2026-11-27' });
    // 1 / 9999999999999999999.9999999999999 is 1e-19: nothing at 13 places.
    expect(largest.body.data).toMatchObject({ exchange_rate: LARGEST, exchange_rate_for_currency_one: '0.0000000000000' });
    const listed = (await api('GET', '/api/cotacoes_moedas')).body.data.find((row: any) => row.id === largest.body.data.id);
    expect(listed.exchange_rate).toBe(LARGEST);
  });

  it('computes the inverse on every save, exact and rounded half up, whatever the body sends for it', async () => {
    // 1 / 5.25 = 0.190476190476190476…: 0.1904761904762 at 13 places; 1 / 3 = 0.3333…: rounded down.
    const made = await api('POST', '/api/cotacoes_moedas', { currency_one_id: dollar.id, exchange_rate: '5.25', currency_two_id: real.id, exchange_rate_for_currency_one: '99', date: '2026-11-21' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.exchange_rate_for_currency_one).toBe('0.1904761904762');
    const edited = await api('PUT', `/api/cotacoes_moedas/${made.body.data.id}`, { ...made.body.data, exchange_rate: '3', exchange_rate_for_currency_one: '1' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.exchange_rate_for_currency_one).toBe('0.3333333333333');
    // 1 / 1.5 = 0.6666…: rounded up; 1 / 0.0000000000003 = 3333333333333.3333….
    let current = edited.body.data;
    const again = async (exchange_rate: string) => (current = (await api('PUT', `/api/cotacoes_moedas/${made.body.data.id}`, { ...current, exchange_rate })).body.data);
    expect((await again('1.5')).exchange_rate_for_currency_one).toBe('0.6666666666667');
    expect((await again('0.0000000000003')).exchange_rate_for_currency_one).toBe('3333333333333.3333333333333');
    const audit = await server.db.selectFrom('audits').select('new_values').where('module', '=', 'cotacoes_moedas').where('record_id', '=', made.body.data.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.new_values)).toContain('3333333333333.3333333333333');
  });

  it('refuses a rate of zero, which has no inverse, on the rate', async () => {
    const zero = await api('POST', '/api/cotacoes_moedas', { currency_one_id: dollar.id, exchange_rate: '0', currency_two_id: real.id, date: '2026-11-21' });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ exchange_rate: ['A cotação deve ser maior que zero: a cotação inversa é 1 dividido por ela.'] });
  });

  it('inactivates an exchange rate instead of deleting it, and lists it under Situação: Inativo', async () => {
    const made = await api('POST', '/api/cotacoes_moedas', { currency_one_id: dollar.id, exchange_rate: '5.25', currency_two_id: real.id, date: '2026-11-20' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ inactivated: false, inactivated_at: null });
    const off = await api('PUT', `/api/cotacoes_moedas/${made.body.data.id}`, { ...made.body.data, inactivated: true });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.inactivated).toBe(true);
    expect(typeof off.body.data.inactivated_at).toBe('string');
    const inactive = (await api('GET', `/api/cotacoes_moedas?filter=${encodeURIComponent(JSON.stringify({ inactivated: true }))}`)).body.data;
    expect(inactive.map((row: any) => [row.date, row.exchange_rate])).toEqual([['2026-11-20', '5.2500000000000']]);
    const active = (await api('GET', `/api/cotacoes_moedas?filter=${encodeURIComponent(JSON.stringify({ inactivated: false }))}`)).body.data;
    expect(active.map((row: any) => row.id)).not.toContain(made.body.data.id);
    const wrong = await api('PUT', `/api/cotacoes_moedas/${made.body.data.id}`, { ...off.body.data, inactivated: 'talvez' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['inactivated']);
  });

  it("answers the specification's messages on the rate at fault", async () => {
    const rate = (body: Record<string, unknown>) =>
      api('POST', '/api/cotacoes_moedas', { currency_one_id: dollar.id, exchange_rate: '5.1', currency_two_id: real.id, date: '2026-11-26', ...body });
    expect((await rate({ exchange_rate: '5.12345678901234' })).body.errors).toEqual({ exchange_rate: ['O campo Cotação deve conter no máximo 13 casas decimais.'] });
    expect((await rate({ exchange_rate: '10000000000000000000' })).body.errors).toEqual({ exchange_rate: ['O campo Cotação deve conter no maximo 19 casas inteiras.'] });
    expect(Object.keys((await rate({ currency_one_id: null, currency_two_id: null, date: null })).body.errors).sort()).toEqual(['currency_one_id', 'currency_two_id', 'date']);
  });

  it('refuses to delete a rounding setting a currency uses, naming Moedas', async () => {
    const refused = await api('DELETE', `/api/configuracao_arredondamento_valor/${rounding}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Não é possível excluir: o registro é usado em Moedas.');
    expect((await api('GET', `/api/configuracao_arredondamento_valor/${rounding}`)).status).toBe(200);
  });
});
