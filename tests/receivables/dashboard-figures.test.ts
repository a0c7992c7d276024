/**
 * `GET /api/dashboard/financeiro?ano=` (docs/RECEIVABLES.md §9): billed (the principal of the accounts
 * falling due in the year, but the cancelled and those awaiting confirmation), received (the payments
 * of the year, but the reversed and those paid with a credit), open and overdue today (the open
 * principal of the accounts Aberta), by month; computed here from the rows the test makes. Whoever may
 * not see control accounts is refused them and keeps the dashboard.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

const TODAY = '2026-11-29';
const clock = { now: () => Date.parse(`${TODAY}T15:00:00Z`) };

/** An account as the test made it, and what became of it. */
interface Made { principal: string; due: string; billed: boolean; open: string; overdue: boolean }
/** A payment as the test made it. */
interface Paid { date: string; amount: string; counts: boolean }

const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);
const monthOf = (date: string) => Number(date.slice(5, 7));

for (const kind of FEATURE_DATABASE_KINDS) describe(`the dashboard's finance figures [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
  }, 300_000);

  afterAll(async () => server?.close());

  const figures = async (year: number, as: Api = api) => {
    const answer = await as('GET', `/api/dashboard/financeiro?ano=${year}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  it('billed, received, open and overdue, by month, from the accounts and the payments', async () => {
    const party_id = setUp.registration.party_id;
    expect(await figures(2026)).toMatchObject({ year: 2026, date: TODAY, billed: '0.00', received: '0.00', open: '0.00', overdue: '0.00' });
    const tax = await setUp.debtType({ denomination: 'Taxa', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const awaiting = await setUp.debtType({ denomination: 'Taxa a confirmar', characteristic: 2, is_dynamic: true });
    const post = (debt_type_id: number, principal: string, due_date: string, posting_date: string | null = '2026-01-05') =>
      created(api, '/api/control_account/lancamento', { party_id, debt_type_id, exercise: Number(due_date.slice(0, 4)), principal, due_date, posting_date });
    const pay = async (id: number, date: string, amount: string) =>
      (await created(api, '/api/control_account/pagamento', { date, amount, means: 3, control_account_ids: [id] })).id as number;

    const made: Made[] = [];
    const payments: Paid[] = [];
    // Paid in full on its due date.
    const a = await post(tax, '100.00', '2026-03-10');
    await pay(a.id, '2026-03-10', '100.00');
    made.push({ principal: '100.00', due: '2026-03-10', billed: true, open: '0', overdue: false });
    payments.push({ date: '2026-03-10', amount: '100.00', counts: true });
    // A quarter paid on its due date: 150,00 left, overdue.
    const b = await post(tax, '200.00', '2026-04-15');
    await pay(b.id, '2026-04-15', '50.00');
    made.push({ principal: '200.00', due: '2026-04-15', billed: true, open: '150.00', overdue: true });
    payments.push({ date: '2026-04-15', amount: '50.00', counts: true });
    // Paid, then the payment reversed: open and overdue again, the payment received nothing.
    const c = await post(tax, '300.00', '2026-05-20');
    const reversed = await pay(c.id, '2026-05-20', '300.00');
    expect((await api('POST', `/api/pagamentos/${reversed}/estorno`, { reason: 'Cheque devolvido' })).status).toBe(200);
    made.push({ principal: '300.00', due: '2026-05-20', billed: true, open: '300.00', overdue: true });
    payments.push({ date: '2026-05-20', amount: '300.00', counts: false });
    // Cancelled: neither billed nor open.
    const d = await post(tax, '400.00', '2026-06-30');
    expect((await api('POST', `/api/control_account/${d.id}/cancelamento`, { motivo: 'Lançada por engano' })).status).toBe(200);
    made.push({ principal: '400.00', due: '2026-06-30', billed: false, open: '0', overdue: false });
    // Awaiting confirmation: not billed yet.
    await post(awaiting, '500.00', '2026-07-10');
    made.push({ principal: '500.00', due: '2026-07-10', billed: false, open: '0', overdue: false });
    // Not yet due.
    await post(tax, '600.00', '2026-12-20');
    made.push({ principal: '600.00', due: '2026-12-20', billed: true, open: '600.00', overdue: false });
    // Of 2025: billed that year, open and overdue today.
    await post(tax, '70.00', '2025-11-10');
    made.push({ principal: '70.00', due: '2025-11-10', billed: true, open: '70.00', overdue: true });
    // Overpaid by 10,00, the credit then paying part of the next account posted (a payment of means
    // Crédito, money received before).
    const h = await post(tax, '90.00', '2026-08-10');
    await pay(h.id, '2026-08-10', '100.00');
    made.push({ principal: '90.00', due: '2026-08-10', billed: true, open: '0', overdue: false });
    payments.push({ date: '2026-08-10', amount: '100.00', counts: true });
    const i = await post(tax, '40.00', '2026-12-15', null);
    expect((await api('GET', `/api/control_account/${i.id}`)).body.data.open_principal).toBe('30.00');
    made.push({ principal: '40.00', due: '2026-12-15', billed: true, open: '30.00', overdue: false });
    payments.push({ date: TODAY, amount: '10.00', counts: false });

    for (const year of [2026, 2025]) {
      const billedOf = (month?: number) => sum(made.filter((m) => m.billed && m.due.startsWith(`${year}-`) && (month === undefined || monthOf(m.due) === month)).map((m) => m.principal));
      const receivedOf = (month?: number) => sum(payments.filter((p) => p.counts && p.date.startsWith(`${year}-`) && (month === undefined || monthOf(p.date) === month)).map((p) => p.amount));
      expect(await figures(year)).toEqual({
        year, date: TODAY,
        billed: billedOf(), received: receivedOf(),
        open: sum(made.map((m) => m.open)), overdue: sum(made.filter((m) => m.overdue).map((m) => m.open)),
        months: Array.from({ length: 12 }, (_, index) => ({ month: index + 1, billed: billedOf(index + 1), received: receivedOf(index + 1) })),
      });
    }
    // The same by hand: 100 + 200 + 300 + 600 + 90 + 40; 100 + 50 + 100; 150 + 300 + 600 + 70 + 30; 150 + 300 + 70.
    expect(await figures(2026)).toMatchObject({ billed: '1330.00', received: '250.00', open: '1150.00', overdue: '520.00' });
    expect((await figures(2026)).months[11]).toEqual({ month: 12, billed: '640.00', received: '0.00' });
    expect(await figures(2025)).toMatchObject({ billed: '70.00', received: '0.00' });
  });

  it('refuses the figures to whoever may not see control accounts, who keeps the dashboard', async () => {
    const payer = call(server, (await userWith(server, [{ name: 'controlAccount.pay' }])).token);
    expect((await payer('GET', '/api/dashboard/financeiro?ano=2026')).status).toBe(403);
    expect((await payer('GET', '/api/dashboard')).status).toBe(200);
    const lister = call(server, (await userWith(server, [{ name: 'controlAccount.index' }])).token);
    expect((await figures(2026, lister)).year).toBe(2026);
    expect((await figures(2026)).year).toBe(2026);
    expect((await api('GET', '/api/dashboard/financeiro')).body.data).toMatchObject({ year: 2026, date: TODAY });
    expect(await api('GET', '/api/dashboard/financeiro?ano=dois')).toMatchObject({ status: 422, body: { errors: { ano: [expect.any(String)] } } });
  });
});
