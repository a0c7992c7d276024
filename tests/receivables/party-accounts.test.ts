/**
 * `GET /api/partes/{id}/contas` (docs/RECEIVABLES.md §9, the *Financeiro* tab): a party's control
 * accounts, the most recent due date first, each with its balance on the date (today without one) as
 * the account's own balance route gives it and whether it is overdue (§8); its open total and its
 * credit not yet used; 403 without `controlAccount.show`, 404 for a party the space does not hold,
 * 422 on a bad date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

/** The council's today for these tests: 29/11/2026, midday in Brasília. */
const TODAY = '2026-11-29';
const clock = { now: () => Date.parse(`${TODAY}T15:00:00Z`) };

for (const kind of FEATURE_DATABASE_KINDS) describe(`a party's accounts [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
  }, 300_000);

  afterAll(async () => server?.close());

  const accounts = (query = '', as: Api = api, party = setUp.registration.party_id) => as('GET', `/api/partes/${party}/contas${query}`);

  it('lists every account with its balance and whether it is overdue, the open total and the unused credit', async () => {
    const party_id = setUp.registration.party_id;
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const awaiting = await setUp.debtType({ denomination: 'Taxa a confirmar', characteristic: 2, is_dynamic: true });
    const post = (debt_type_id: number, principal: string, due_date: string) =>
      created(api, '/api/control_account/lancamento', { party_id, debt_type_id, exercise: 2026, principal, due_date, posting_date: '2026-01-05' });
    const overdue = await post(tax, '650.00', '2026-03-31');
    const future = await post(tax, '100.00', '2026-12-20');
    const cancelled = await post(tax, '80.00', '2026-02-10');
    expect((await api('POST', `/api/control_account/${cancelled.id}/cancelamento`, { motivo: 'Engano' })).status).toBe(200);
    const pending = await post(awaiting, '999.00', '2026-05-05');
    const paid = await post(tax, '200.00', '2026-06-30');
    // 230,00 on an account of 200,00 before its due date: paid, 30,00 of credit.
    expect((await api('POST', '/api/control_account/pagamento', { date: '2026-06-01', amount: '230.00', means: 3, control_account_ids: [paid.id] })).status).toBe(201);

    const today = (await accounts()).body.data;
    const balanceToday = async (id: number) => (await api('GET', `/api/control_account/${id}/saldo?data=${TODAY}`)).body.data.total as string;
    const overdueToday = await balanceToday(overdue.id);
    expect(today).toMatchObject({ party_id, date: TODAY, credit: '30.00' });
    expect(today.accounts).toEqual([
      { id: future.id, formatted_number: future.formatted_number, exercise: 2026, debt_type: 'Taxa de expediente', status: 1, due_date: '2026-12-20', balance: '100.00', overdue: false },
      { id: paid.id, formatted_number: paid.formatted_number, exercise: 2026, debt_type: 'Taxa de expediente', status: 2, due_date: '2026-06-30', balance: '0.00', overdue: false },
      { id: pending.id, formatted_number: pending.formatted_number, exercise: 2026, debt_type: 'Taxa a confirmar', status: 6, due_date: '2026-05-05', balance: null, overdue: false },
      { id: overdue.id, formatted_number: overdue.formatted_number, exercise: 2026, debt_type: 'Taxa de expediente', status: 1, due_date: '2026-03-31', balance: overdueToday, overdue: true },
      { id: cancelled.id, formatted_number: cancelled.formatted_number, exercise: 2026, debt_type: 'Taxa de expediente', status: 3, due_date: '2026-02-10', balance: '0.00', overdue: false },
    ]);
    // 650,00 overdue for 243 days at 1 % ao mês (52,65) and 2 % (13,00), with the 100,00 not yet due.
    expect(overdueToday).toBe('715.65');
    expect(today.open_total).toBe('815.65');
    expect((await api('GET', `/api/partes/${party_id}/saldo?data=${TODAY}`)).body.data.total).toBe(today.open_total);

    // B1 and B4 of the book on 30/04/2026: 650,00 + juros 6,50 + multa 13,00; the December one not due.
    const april = (await accounts('?data=2026-04-30')).body.data;
    expect(april.open_total).toBe('769.50');
    expect(april.accounts.find((account: { id: number }) => account.id === overdue.id)).toMatchObject({ balance: '669.50', overdue: true });
    // On the due date itself (a Tuesday, a business day) the account is not yet overdue.
    expect((await accounts('?data=2026-03-31')).body.data.accounts.find((account: { id: number }) => account.id === overdue.id)).toMatchObject({ balance: '650.00', overdue: false });
  });

  it('refuses whoever may not see control accounts, a party the space does not hold and a bad date', async () => {
    const payer = call(server, (await userWith(server, [{ name: 'controlAccount.pay' }, { name: 'party.show' }])).token);
    expect((await accounts('', payer)).status).toBe(403);
    const reader = call(server, (await userWith(server, [{ name: 'controlAccount.show' }])).token);
    expect((await accounts('', reader)).status).toBe(200);
    expect(await accounts('', api, 99_999_999)).toMatchObject({ status: 404, body: { message: 'Pessoa não encontrada.' } });
    expect(await accounts('?data=31/04/2026')).toMatchObject({ status: 422, body: { errors: { data: [expect.any(String)] } } });
  });
});
