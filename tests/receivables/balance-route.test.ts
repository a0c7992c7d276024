/**
 * The balance of a control account at a date through the API (docs/RECEIVABLES.md §6): the book's
 * worked examples B1, B7, B8 and B10 to the cent, with the settings copied to the account at posting, the
 * series as stored and the totalisation of the revenue setting in force (2, 'Correção monetária em
 * separado'); a party's balance, the sum of its open accounts'; 422 on `data` where no configuration
 * is in force; 403 without `controlAccount.show`; 404 for an account or party the space does not hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`balance at a date [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;
  const accounts: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
    const { ids } = setUp;
    const tax = (denomination: string, settings: Row) => setUp.debtType({ denomination, characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true, ...settings });
    const types = {
      b1: await tax('Juros de 1% ao mês', { forfeit_update_setting_id: ids.noForfeit }),
      b7: await tax('Pelo IPCA, juros e multa', { value_update_setting_id: ids.ipcaUpdate }),
      b10: await tax('Juros e multa', {}),
    };
    const post = async (debt_type_id: number, exercise: number, principal: string, due_date: string) =>
      (await created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id, exercise, principal, due_date })).id as number;
    accounts.b1 = await post(types.b1, 2026, '650.00', '2026-03-31');
    accounts.b7 = await post(types.b7, 2026, '650.00', '2026-03-31');
    accounts.b10 = await post(types.b10, 2025, '600.00', '2025-03-31');
  }, 300_000);

  afterAll(async () => server?.close());

  const balance = (id: number, date: string, as: Api = api) => as('GET', `/api/control_account/${id}/saldo?data=${date}`);
  const totalised = (data: Row) => data.totalised.map((line: Row) => [line.label, line.amount]);

  it('B1: 1 % ao mês for 30 days adds 6,50 to 650,00', async () => {
    const answer = await balance(accounts.b1, '2026-04-30');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ days_late: 30, total: '656.50', totalisation: 2, business_due_date: '2026-03-31' });
    expect(totalised(answer.body.data)).toEqual([['Principal', '650.00'], ['Correção', '0.00'], ['Juros', '6.50'], ['Multa', '0.00'], ['Desconto', '0.00']]);
    // On the due date nothing is added.
    expect((await balance(accounts.b1, '2026-03-31')).body.data).toMatchObject({ days_late: 0, total: '650.00' });
  });

  it('B7: the IPCA correction, interest on the principal and on the correction, the forfeit on the updated value', async () => {
    const answer = await balance(accounts.b7, '2026-04-30');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.lines).toEqual({ principal: '650.00', correction: '2.93', interest_on_principal: '6.50', interest_on_correction: '0.03', forfeit: '13.06', discount: '0.00' });
    expect(answer.body.data.total).toBe('672.52');
    expect(totalised(answer.body.data)).toEqual([['Principal', '650.00'], ['Correção', '2.93'], ['Juros', '6.53'], ['Multa', '13.06'], ['Desconto', '0.00']]);
  });

  it('B10: a year late, 365 days of 1 % ao mês and the forfeit of 2 %', async () => {
    const answer = await balance(accounts.b10, '2026-03-31');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ days_late: 365, total: '685.00' });
    expect(totalised(answer.body.data)).toEqual([['Principal', '600.00'], ['Correção', '0.00'], ['Juros', '73.00'], ['Multa', '12.00'], ['Desconto', '0.00']]);
  });

  it("sums a party's open accounts, each rounded on its own", async () => {
    const answer = await api('GET', `/api/partes/${setUp.registration.party_id}/saldo?data=2026-04-30`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // B10's account on 30/04/2026: 395 days, 79,00 of interest and 12,00 of forfeit.
    expect(answer.body.data.accounts.map((row: Row) => [row.control_account_id, row.total])).toEqual([[accounts.b10, '691.00'], [accounts.b1, '656.50'], [accounts.b7, '672.52']]);
    expect(answer.body.data.total).toBe('2020.02');
    expect((await api('GET', '/api/partes/99999999/saldo?data=2026-04-30')).status).toBe(404);
  });

  it('refuses on `data` a date without a configuration in force, or none at all', async () => {
    const later = (await created(api, '/api/configuracao_atualizacao_juros', { denomination: 'Juros novos', configs: [{ since: '2026-05-01', capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }] })).id;
    const type = await setUp.debtType({ denomination: 'Taxa com juros novos', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true, interest_update_setting_id: later });
    const account = (await created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: type, exercise: 2026, principal: '650.00', due_date: '2026-03-31' })).id;
    expect(await balance(account, '2026-04-30')).toMatchObject({ status: 422, body: { errors: { data: ['A configuração de atualização de juros "Juros novos" não tem configuração em vigor em 01/04/2026.'] } } });
    expect(await balance(accounts.b1, '1999-12-31')).toMatchObject({ status: 422, body: { errors: { data: ['Não há configuração de arrecadação em vigor em 31/12/1999.'] } } });
    expect(await api('GET', `/api/control_account/${accounts.b1}/saldo`)).toMatchObject({ status: 422, body: { errors: { data: ['O campo Data é obrigatório.'] } } });
    expect(await balance(accounts.b1, '2026-02-30')).toMatchObject({ status: 422, body: { errors: { data: ['O campo Data não é uma data válida.'] } } });
  });

  it('asks for controlAccount.show, and answers 404 for an account the space does not hold', async () => {
    const lister = call(server, (await userWith(server, [{ name: 'controlAccount.index' }])).token);
    expect((await balance(accounts.b1, '2026-04-30', lister)).status).toBe(403);
    const viewer = call(server, (await userWith(server, [{ name: 'controlAccount.show' }])).token);
    expect((await balance(accounts.b1, '2026-04-30', viewer)).body.data.total).toBe('656.50');
    expect(await balance(99_999_999, '2026-04-30')).toMatchObject({ status: 404, body: { message: 'Conta de controle não encontrada.' } });
  });

  it('B8: the same total grouped by the totalisation of the revenue setting in force on the date', async () => {
    const { ids } = setUp;
    const revenue = (since: string, combination: number) => created(api, '/api/configuracao_arrecadacao', {
      since, default_currency_id: ids.currency, balance_totalization_assembly_combination: combination, default_value_rounding_setting_id: ids.rounding,
      default_value_update_setting_id: ids.flatUpdate, default_interest_update_setting_id: ids.interest, default_forfeit_update_setting_id: ids.forfeit,
      default_amount_amortization_setting_id: ids.amortization, default_agreement_type_id: ids.agreement, current_contribution_id: ids.annuity,
    });
    await revenue('2026-04-20', 1);
    const one = (await balance(accounts.b7, '2026-04-30')).body.data;
    expect([one.totalisation, one.total, totalised(one)]).toEqual([1, '672.52', [['Valor atualizado', '652.93'], ['Juros', '6.53'], ['Multa', '13.06'], ['Desconto', '0.00']]]);
    await revenue('2026-04-25', 3);
    const three = (await balance(accounts.b7, '2026-04-30')).body.data;
    expect([three.totalisation, three.total, totalised(three)]).toEqual([3, '672.52', [['Principal', '650.00'], ['Correção', '2.96'], ['Juros', '6.50'], ['Multa', '13.06'], ['Desconto', '0.00']]]);
    // A date before them keeps the first one's grouping.
    expect((await balance(accounts.b7, '2026-04-19')).body.data.totalisation).toBe(2);
  });
});
