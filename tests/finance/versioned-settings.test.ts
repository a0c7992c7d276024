/**
 * A value rounding setting's configurations through the API: one per `since` date (the repeated
 * row's `since` answers 422), and the configuration in force on a day: the one of its exact `since`
 * date from that day on, the previous one the day before, none before the first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configInForce } from '../../src/server/features/finance/in-force.js';
import { SINCE_REPEATED } from '../../src/server/features/finance/versioned-settings.js';
import { NO_BULK_DELETE } from '../../src/server/core/resources/routes.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';

describe('versioned settings [pglite]', () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    api = call(server, server.adminToken);
  }, 120_000);

  afterAll(async () => server?.close());

  it('refuses a since date used twice, on the repeated row, on insert and on edit', async () => {
    const repeated = await api('POST', '/api/configuracao_arredondamento_valor', {
      denomination: 'Padrão',
      configs: [
        { since: '2026-01-01', decimal_places_number: 2, rounding_method: 1 },
        { since: '2026-07-01', decimal_places_number: 2, rounding_method: 2 },
        { since: '2026-01-01', decimal_places_number: 0, rounding_method: 3 },
      ],
    });
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toEqual({ 'configs.2.since': [SINCE_REPEATED] });
    expect(await server.db.selectFrom('value_rounding_settings').selectAll().execute()).toEqual([]);

    const made = await api('POST', '/api/configuracao_arredondamento_valor', { denomination: 'Padrão', configs: [{ since: '2026-01-01', decimal_places_number: 2, rounding_method: 1 }] });
    expect(made.status).toBe(201);
    const [first] = made.body.data.configs;
    const edit = await api('PUT', `/api/configuracao_arredondamento_valor/${made.body.data.id}`, {
      denomination: 'Padrão',
      configs: [first, { since: '2026-01-01', decimal_places_number: 4, rounding_method: 3 }],
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ 'configs.1.since': [SINCE_REPEATED] });
    expect((await api('POST', '/api/configuracao_arredondamento_valor', { denomination: 'Sem configuração', configs: [] })).status).toBe(422);
  });

  it('answers the configuration in force at its exact since date and the previous one the day before', async () => {
    const made = await api('POST', '/api/configuracao_arredondamento_valor', {
      denomination: 'Com mudança em julho',
      configs: [
        { since: '2026-07-01', decimal_places_number: 0, rounding_method: 3 },
        { since: '2026-01-01', decimal_places_number: 2, rounding_method: 1 },
      ],
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const inForce = async (date: string) => {
      const config = await configInForce(server.db, 'configuracao_arredondamento_valor', id, date);
      return config && [config.decimal_places_number, config.rounding_method];
    };
    expect(await inForce('2025-12-31')).toBeUndefined();
    expect(await inForce('2026-01-01')).toEqual([2, 1]);
    expect(await inForce('2026-06-30')).toEqual([2, 1]);
    expect(await inForce('2026-07-01')).toEqual([0, 3]);
    expect(await inForce('2030-01-01')).toEqual([0, 3]);
    const other = await api('POST', '/api/configuracao_arredondamento_valor', { denomination: 'Outra', configs: [{ since: '2020-01-01', decimal_places_number: 8, rounding_method: 2 }] });
    expect(await inForce('2025-12-31')).toBeUndefined();
    expect((await configInForce(server.db, 'configuracao_arredondamento_valor', other.body.data.id, '2025-12-31'))?.decimal_places_number).toBe(8);
  });

  it('deletes an amortization setting one at a time: multiple_delete answers 405 and deletes nothing', async () => {
    const body = (denomination: string) => ({ denomination, configs: [{ since: '2026-01-01', amortization_amount_priority: 1, main_feature: 1, amortization_agreement_interest: 1 }] });
    const [a, b] = [(await api('POST', '/api/configuracao_amortizacao_valor', body('Uma'))).body.data.id, (await api('POST', '/api/configuracao_amortizacao_valor', body('Outra'))).body.data.id];
    expect(await api('DELETE', `/api/configuracao_amortizacao_valor/multiple_delete/${a},${b}`)).toEqual({ status: 405, body: { message: NO_BULK_DELETE } });
    expect((await api('GET', `/api/configuracao_amortizacao_valor/${a}`)).status).toBe(200);
    expect((await api('DELETE', `/api/configuracao_amortizacao_valor/${a}`)).status).toBe(200);
    expect((await api('GET', `/api/configuracao_amortizacao_valor/${b}`)).status).toBe(200);
  });

  it('keeps the other settings one configuration per date, each answering the one in force on a day', async () => {
    const series = await api('POST', '/api/series_indicador', {
      denomination: 'IPCA', central_bank_code: 433, periodicity: 'M',
      histories: [{ date: '2026-10-01', index_number: '7123.45678901', accumulated_variation_percentage: '-0.12345678' }],
    });
    expect(series.status).toBe(201);
    expect(series.body.data.histories[0]).toMatchObject({ index_number: '7123.45678901', accumulated_variation_percentage: '-0.12345678' });
    const rows: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
      configuracao_atualizacao_juros: [{ capitalization_regime: 1, percentage_rate: '1.00000000', capitalization_period: 2 }, { capitalization_regime: 1, percentage_rate: '0.03333333', capitalization_period: 1 }],
      configuracao_amortizacao_valor: [{ amortization_amount_priority: 1, main_feature: 1, amortization_agreement_interest: 1 }, { amortization_amount_priority: 2, main_feature: 2, amortization_agreement_interest: 2 }],
      configuracao_atualizacao_valor: [{ indicator_serie_id: series.body.data.id }, { indicator_serie_id: series.body.data.id }],
    };
    for (const [module, [first, second]] of Object.entries(rows) as [keyof typeof rows & Parameters<typeof configInForce>[1], [Record<string, unknown>, Record<string, unknown>]][]) {
      const repeated = await api('POST', `/api/${module}`, { denomination: 'Padrão', configs: [{ ...first, since: '2026-01-01' }, { ...second, since: '2026-01-01' }] });
      expect(repeated.body.errors, module).toEqual({ 'configs.1.since': [SINCE_REPEATED] });
      const made = await api('POST', `/api/${module}`, { denomination: 'Padrão', configs: [{ ...first, since: '2026-01-01' }, { ...second, since: '2026-03-01' }] });
      expect(made.status, module).toBe(201);
      expect(await configInForce(server.db, module, made.body.data.id, '2026-02-28')).toMatchObject(first);
      expect(await configInForce(server.db, module, made.body.data.id, '2026-03-01')).toMatchObject(second);
    }
  });
});
