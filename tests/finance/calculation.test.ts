/**
 * The calculation preview through the API (`POST /api/finance/calculation`): an amount due on a day
 * and paid later, updated by an indicator series, with simple interest and a forfeit on the updated
 * value, rounded by the rounding setting in force on the payment date; settings given stored or as
 * the form holds them, each day of delay under the configuration in force on it; bad input answers
 * 422 on its field; a forfeit setting's variable rates; the permissions of the settings named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate } from '../../src/server/features/finance/calculation.js';
import { INVALID_CONFIGS, PAYMENT_BEFORE_DUE, UNKNOWN_SETTING } from '../../src/server/features/finance/preview.js';
import { FROM_DAY_REPEATED, RATES_REQUIRED } from '../../src/server/features/finance/versioned-settings.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const PREVIEW = '/api/finance/calculation';
const MONTHLY_1 = { since: '2000-01-01', capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 };

for (const kind of FEATURE_DATABASE_KINDS) describe(`calculation preview [${kind}]`, () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;
  const ids: Record<string, number> = {};
  let seriesId = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    const series = await api('POST', '/api/series_indicador', {
      denomination: 'IPCA', central_bank_code: 433, periodicity: 'M',
      histories: [{ date: '2025-12-01', index_number: '100' }, { date: '2026-01-01', index_number: '102' }, { date: '2026-02-01', index_number: '103.02' }],
    });
    seriesId = series.body.data.id;
    const made = async (module: string, configs: unknown[]) => {
      const response = await api('POST', `/api/${module}`, { denomination: `${module} padrão`, configs });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data.id as number;
    };
    ids.update = await made('configuracao_atualizacao_valor', [{ since: '2000-01-01', indicator_serie_id: seriesId }]);
    ids.interest = await made('configuracao_atualizacao_juros', [MONTHLY_1, { since: '2026-02-01', capitalization_regime: 1, percentage_rate: '0.1', capitalization_period: 1 }]);
    ids.forfeit = await made('configuracao_atualizacao_multas', [
      { since: '2000-01-01', variable_percentage_rate: false, single_percentage_rate: '2' },
      { since: '2026-03-01', variable_percentage_rate: true, variable_percentage_rate_list: [{ from_day: 1, percentage_rate: '2' }, { from_day: 31, percentage_rate: '10' }] },
    ]);
    ids.rounding = await made('configuracao_arredondamento_valor', [{ since: '2000-01-01', decimal_places_number: 2, rounding_method: 1 }, { since: '2026-02-05', decimal_places_number: 0, rounding_method: 3 }]);
  }, 120_000);

  afterAll(async () => server?.close());

  it('updates by the series, adds interest day by day under the rate in force and the forfeit, to the cent', async () => {
    const response = await api('POST', PREVIEW, {
      amount: '1000.00', due_date: '2026-01-10', payment_date: '2026-01-30',
      value_update_setting_id: ids.update, interest_update_setting_id: ids.interest, forfeit_update_setting_id: ids.forfeit, value_rounding_setting_id: ids.rounding,
    });
    expect(response.status).toBe(200);
    // index 102 on both days; 20 days at 1 % a month = 20/30 %; forfeit 2 %
    expect(response.body.data).toMatchObject({ days_late: 20, places: 2, updated_value: '1000.00', correction: '0.00', interest: '6.67', forfeit: '20.00', total: '1026.67', rounding: '0.0033333333333' });

    const later = await api('POST', PREVIEW, {
      amount: '1000.00', due_date: '2026-01-10', payment_date: '2026-02-09',
      value_update_setting_id: ids.update, interest_update_setting_id: ids.interest, forfeit_update_setting_id: ids.forfeit,
    });
    // 102 → 103.02: 1 %; 21 days at 1/30 % and 9 at 0.1 % = 1.6 % of 1010.00; forfeit 2 %
    expect(later.body.data).toMatchObject({ days_late: 30, updated_value: '1010.00', correction: '10.00', interest: '16.16', forfeit: '20.20', total: '1046.36', rounding: '0.0000000000000' });
  });

  it('rounds every part by the rounding configuration in force on the payment date', async () => {
    const response = await api('POST', PREVIEW, {
      amount: '1000.00', due_date: '2026-01-10', payment_date: '2026-02-09',
      value_update_setting_id: ids.update, interest_update_setting_id: ids.interest, forfeit_update_setting_id: ids.forfeit, value_rounding_setting_id: ids.rounding,
    });
    expect(response.body.data).toMatchObject({ places: 0, rounding_method: 3, updated_value: '1010', interest: '16', forfeit: '20', total: '1046', rounding: '-0.3600000000000' });
  });

  it('takes the forfeit of the configuration in force on the first day of delay, variable by the days late', async () => {
    const forfeit = async (due: string, paid: string) =>
      (await api('POST', PREVIEW, { amount: '1000', due_date: due, payment_date: paid, forfeit_update_setting_id: ids.forfeit })).body.data.forfeit;
    expect(await forfeit('2026-02-27', '2026-02-27')).toBe('0.00');
    expect(await forfeit('2026-02-27', '2026-04-30')).toBe('20.00');
    expect(await forfeit('2026-02-28', '2026-03-30')).toBe('20.00');
    expect(await forfeit('2026-02-28', '2026-03-31')).toBe('100.00');
  });

  it('answers what the server calculation answers, with the configurations still on a form', async () => {
    const configs = {
      interest_update_configs: [{ since: '2026-01-01', percentage_rate: '0.03333333', capitalization_period: 1 }],
      forfeit_update_configs: [{ since: '2026-01-01', variable_percentage_rate: true, variable_percentage_rate_list: [{ from_day: 10, percentage_rate: '5.5' }] }],
      value_rounding_configs: [{ since: '2026-01-01', decimal_places_number: 2, rounding_method: 2 }],
    };
    const body = { amount: '1234.56', due_date: '2026-03-15', payment_date: '2026-05-02', ...configs };
    const response = await api('POST', PREVIEW, body);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(calculate({
      amount: body.amount, due_date: body.due_date, payment_date: body.payment_date,
      interest: configs.interest_update_configs, forfeit: configs.forfeit_update_configs, rounding: configs.value_rounding_configs,
    }));
    expect(response.body.data).toMatchObject({ days_late: 48, interest: '19.76', forfeit: '67.91', total: '1322.23' });
    const updated = await api('POST', PREVIEW, { ...body, value_update_configs: [{ since: '2026-01-01', indicator_serie_id: seriesId }] });
    expect(updated.body.data.updated_value).toBe('1234.56');
  });

  it('answers 422 on the field at fault, in pt-BR', async () => {
    const errors = async (body: Record<string, unknown>) => {
      const response = await api('POST', PREVIEW, body);
      expect(response.status).toBe(422);
      return response.body.errors;
    };
    expect(await errors({})).toEqual({
      amount: ['O campo Valor é obrigatório.'], due_date: ['O campo Vencimento é obrigatório.'], payment_date: ['O campo Pagamento é obrigatório.'],
    });
    expect(await errors({ amount: '1,5', due_date: '2026-02-30', payment_date: '2026-01-01' })).toEqual({
      amount: ['O campo Valor deve ser um número com até 15 casas inteiras e 13 decimais.'], due_date: ['O campo Vencimento deve ser uma data válida.'],
    });
    expect(await errors({ amount: '1', due_date: '2026-02-01', payment_date: '2026-01-31' })).toEqual({ payment_date: [PAYMENT_BEFORE_DUE] });
    expect(await errors({ amount: '1', due_date: '2026-01-01', payment_date: '2026-01-31', interest_update_setting_id: 999999, value_rounding_configs: [{ since: 'x' }] })).toEqual({
      interest_update_setting_id: [UNKNOWN_SETTING], value_rounding_configs: [INVALID_CONFIGS],
    });
    expect(await errors({ amount: '1', due_date: '2025-01-01', payment_date: '2026-01-31', value_update_setting_id: ids.update })).toEqual({
      value_update_setting_id: ['A série de indicador IPCA não tem número-índice até 01/01/2025.'],
    });
  });

  it("answers 422 on the field, never a 500, to a date that names no day ('0000-00-00', month 00, 13 or 30 February), in the body or a form's configuration", async () => {
    for (const date of ['0000-00-00', '2026-00-10', '2026-13-01', '2026-02-30', '2026-04-31']) {
      const answer = await api('POST', PREVIEW, { amount: '1', due_date: date, payment_date: date });
      expect(answer, date).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { due_date: ['O campo Vencimento deve ser uma data válida.'], payment_date: ['O campo Pagamento deve ser uma data válida.'] } } });
      const config = await api('POST', PREVIEW, { amount: '1', due_date: '2026-01-01', payment_date: '2026-01-31', interest_update_configs: [{ ...MONTHLY_1, since: date }] });
      expect(config, date).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { interest_update_configs: [INVALID_CONFIGS] } } });
    }
  });

  it('asks a variable forfeit configuration for its rates, one per day of delay', async () => {
    const body = (configs: unknown[]) => ({ denomination: 'Variável', configs });
    const empty = await api('POST', '/api/configuracao_atualizacao_multas', body([{ since: '2026-01-01', variable_percentage_rate: true, variable_percentage_rate_list: [] }]));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ 'configs.0.variable_percentage_rate_list': [RATES_REQUIRED] });
    const repeated = await api('POST', '/api/configuracao_atualizacao_multas', body([{ since: '2026-01-01', variable_percentage_rate: true, variable_percentage_rate_list: [{ from_day: 1, percentage_rate: '2' }, { from_day: 1, percentage_rate: '3' }] }]));
    expect(repeated.body.errors).toEqual({ 'configs.0.variable_percentage_rate_list.1.from_day': [FROM_DAY_REPEATED] });
    const single = await api('POST', '/api/configuracao_atualizacao_multas', body([{ since: '2026-01-01', variable_percentage_rate: false }]));
    expect(single.body.errors).toEqual({ 'configs.0.single_percentage_rate': ['O campo Taxa única (%) é obrigatório.'] });
  });

  it('lets only those with a permission on each setting named preview it', async () => {
    const clerk = await userWith(server, [{ name: 'interestUpdateSetting.show' }]);
    const asClerk = call(server, clerk.token);
    const base = { amount: '100', due_date: '2026-01-01', payment_date: '2026-01-31' };
    expect((await asClerk('POST', PREVIEW, { ...base, interest_update_setting_id: ids.interest })).body.data.interest).toBe('1.00');
    expect((await asClerk('POST', PREVIEW, base)).status).toBe(200);
    expect((await asClerk('POST', PREVIEW, { ...base, interest_update_setting_id: ids.interest, forfeit_update_setting_id: ids.forfeit })).status).toBe(403);
    const nobody = await userWith(server, [{ name: 'bank.index' }]);
    expect((await call(server, nobody.token)('POST', PREVIEW, base)).status).toBe(403);
  });
});
