/**
 * Payments and their reversal through the API (docs/RECEIVABLES.md §7), with the book's accounts: A1
 * (2025, 600,00 due 31/03/2025, balance 685,00 on 31/03/2026 as B10) and A2 (2026, 650,00 due
 * 31/03/2026): oldest first, spread, an overpayment's credit, the reversal putting both back; refusals
 * on their fields, a later payment stopping a reversal, two payments of one account at once, 403
 * without the permissions; an account's view answering its payments (its statement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, setUpReceivables, SINCE, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;
const ON_31_03 = '2026-03-31';

for (const kind of FEATURE_DATABASE_KINDS) describe(`payments and reversal [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;
  const types: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
    const spread = (await created(api, '/api/configuracao_amortizacao_valor', { denomination: 'Distribuída', configs: [{ since: SINCE, amortization_amount_priority: 2, main_feature: 1, amortization_agreement_interest: 1 }] })).id;
    const tax = (denomination: string, more: Row = {}) => setUp.debtType({ denomination, characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true, ...more });
    types.oldest = await tax('Taxa, a mais antiga primeiro');
    types.spread = await tax('Taxa, distribuída', { amount_amortization_setting_id: spread });
  }, 300_000);

  afterAll(async () => server?.close());

  /** A1 and A2 of a debt type. */
  const pair = async (type: number) => {
    const post = async (exercise: number, principal: string, due_date: string) =>
      (await created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: type, exercise, principal, due_date })) as Row;
    return { a1: await post(2025, '600.00', '2025-03-31'), a2: await post(2026, '650.00', ON_31_03) };
  };
  const pay = (body: Row, as: Api = api) => as('POST', '/api/control_account/pagamento', { date: ON_31_03, means: 3, ...body });
  const account = async (id: number) => (await api('GET', `/api/control_account/${id}`)).body.data as Row;
  const state = async (id: number) => {
    const row = await account(id);
    return [row.open_principal, row.status];
  };

  it('700,00 oldest first settles A1 and leaves A2 at 635,00; the reversal puts both back', async () => {
    const { a1, a2 } = await pair(types.oldest);
    const answer = await pay({ amount: '700.00', control_account_ids: [a2.id, a1.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const payment = answer.body.data;
    expect(payment).toMatchObject({ party_id: setUp.registration.party_id, amount: '700.00', means: 3, status: 1, credit: '0.00' });
    expect(payment.lines.map((line: Row) => [line.control_account_id, line.applied, line.principal_share, line.open_principal_after, line.settled])).toEqual([
      [a1.id, '685.00', '600.00', '0.00', true], [a2.id, '15.00', '15.00', '635.00', false],
    ]);
    expect(await state(a1.id)).toEqual(['0.00', 2]);
    expect(await state(a2.id)).toEqual(['635.00', 1]);
    expect((await account(a1.id)).balance_histories.at(-1)).toMatchObject({ date: ON_31_03, balance: '0.00', notes: `Pagamento de R$ 700,00 (PIX) nº ${payment.id}` });
    // Each account's view answers the payment as its statement shows it: what it did to that account.
    expect((await account(a2.id)).payments).toEqual([{
      id: payment.id, date: ON_31_03, amount: '700.00', means: 3, credit: '0.00', status: 1, notes: null, reversal_reason: null, reversal_date: null,
      applied: '15.00', principal_share: '15.00', open_principal_after: '635.00', settled: false,
    }]);

    const noReason = await api('POST', `/api/pagamentos/${payment.id}/estorno`, { reason: '  ' });
    expect(noReason).toMatchObject({ status: 422, body: { errors: { reason: ['Informe o motivo do estorno.'] } } });
    const reversed = await api('POST', `/api/pagamentos/${payment.id}/estorno`, { reason: 'Cheque devolvido' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.data).toMatchObject({ status: 2, reversal_reason: 'Cheque devolvido' });
    expect(await state(a1.id)).toEqual(['600.00', 1]);
    expect(await state(a2.id)).toEqual(['650.00', 1]);
    expect((await account(a1.id)).balance_histories.at(-1).notes).toBe(`Estorno do pagamento nº ${payment.id}: Cheque devolvido`);
    expect((await account(a1.id)).payments).toMatchObject([{ id: payment.id, status: 2, reversal_reason: 'Cheque devolvido', applied: '685.00', settled: true }]);
    expect(await api('POST', `/api/pagamentos/${payment.id}/estorno`, { reason: 'De novo' })).toMatchObject({ status: 409, body: { message: 'Este pagamento já foi estornado.' } });
    expect((await api('GET', `/api/control_account/${a1.id}/saldo?data=${ON_31_03}`)).body.data.total).toBe('685.00');
  });

  it('700,00 spread: A1 takes 359,18 (open principal 285,39), A2 340,82 (309,18)', async () => {
    const { a1, a2 } = await pair(types.spread);
    const answer = await pay({ amount: '700.00', control_account_ids: [a1.id, a2.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.lines.map((line: Row) => [line.applied, line.principal_share, line.open_principal_after])).toEqual([['359.18', '314.61', '285.39'], ['340.82', '340.82', '309.18']]);
    expect(await state(a1.id)).toEqual(['285.39', 1]);
    expect(await state(a2.id)).toEqual(['309.18', 1]);
  });

  it('700,00 on A2 alone settles it and keeps 50,00 as credit, which the next account posted takes', async () => {
    const { a2 } = await pair(types.oldest);
    const answer = await pay({ amount: '700.00', control_account_ids: [a2.id], means: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.credit).toBe('50.00');
    expect(await state(a2.id)).toEqual(['0.00', 2]);
    const credits = async () => (await api('GET', `/api/creditos?filter=${encodeURIComponent(JSON.stringify({ party_id: setUp.registration.party_id }))}`)).body.data.map((row: Row) => [row.payment_id, row.amount, row.used]);
    expect(await credits()).toEqual([[answer.body.data.id, '50.00', '0.00']]);

    // The next account posted to the party takes the credit at once: 680,00 → 630,00 open.
    const next = await created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: types.oldest, exercise: 2027, principal: '680.00', due_date: '2027-03-31' });
    expect([next.open_principal, next.status]).toEqual(['630.00', 1]);
    expect(await credits()).toEqual([[answer.body.data.id, '50.00', '50.00']]);
    const byCredit = await server.db.selectFrom('receivable_payment_lines as l').innerJoin('receivable_payments as p', 'p.id', 'l.receivable_payment_id').select(['p.id', 'p.means', 'p.amount']).where('l.control_account_id', '=', next.id).executeTakeFirstOrThrow();
    expect([byCredit.means, byCredit.amount]).toEqual([5, '50.00']);

    // Its credit used, the overpayment is reversed only after the payment that used it.
    expect(await api('POST', `/api/pagamentos/${answer.body.data.id}/estorno`, { reason: 'Engano' })).toMatchObject({ status: 409, body: { message: `O crédito deste pagamento já foi usado pelo pagamento nº ${byCredit.id}: estorne-o antes.` } });
    expect((await api('POST', `/api/pagamentos/${byCredit.id}/estorno`, { reason: 'Engano' })).status).toBe(200);
    expect(await state(next.id)).toEqual(['680.00', 1]);
    expect(await credits()).toEqual([[answer.body.data.id, '50.00', '0.00']]);
    expect((await api('POST', `/api/pagamentos/${answer.body.data.id}/estorno`, { reason: 'Engano' })).status).toBe(200);
    expect(await state(a2.id)).toEqual(['650.00', 1]);
    expect(await credits()).toEqual([[answer.body.data.id, '0.00', '0.00']]);
  });

  it("§7's example: a credit of 50,00 on the 2027 annuity of 680,00 posted 15/11/2026 leaves 630,00 open, 567,00 with the 10 % discount", async () => {
    const annuity = await setUp.debtType({
      denomination: 'Anuidade com desconto', characteristic: 1, counting_way: 'M', counting_way_value: 15, allow_create_without_confirmation: true,
      standard_discounts: [{ date: '2027-01-31', percentage: '10' }],
    });
    await created(api, '/api/valores_contribuicao', { debt_type_id: annuity, year: 2027, contribution_range_id: setUp.registration.contribution_range_id, amount: '680.00', due_date: '2027-03-31' });
    const { a2 } = await pair(types.oldest);
    expect((await pay({ amount: '700.00', control_account_ids: [a2.id] })).body.data.credit).toBe('50.00');
    const posted = await created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, registration_id: setUp.registration.id, debt_type_id: annuity, exercise: 2027, posting_date: '2026-11-15' });
    expect([posted.principal, posted.open_principal, posted.due_date]).toEqual(['680.00', '630.00', '2027-03-31']);
    const owed = (await api('GET', `/api/control_account/${posted.id}/saldo?data=2026-12-01`)).body.data;
    expect([owed.lines.discount, owed.total]).toEqual(['-63.00', '567.00']);
  });

  it('a partial payment of half the balance halves the principal; a later payment stops its reversal', async () => {
    const { a1 } = await pair(types.oldest);
    const first = await pay({ amount: '342.50', control_account_ids: [a1.id] });
    expect(first.body.data.lines[0]).toMatchObject({ principal_share: '300.00', open_principal_after: '300.00', settled: false });
    // On 30/04/2026 (395 days): 300,00 + juros 39,50 + multa 6,00.
    expect((await api('GET', `/api/control_account/${a1.id}/saldo?data=2026-04-30`)).body.data.total).toBe('345.50');
    const second = await pay({ amount: '100.00', control_account_ids: [a1.id], date: '2026-04-30' });
    expect(second.status).toBe(201);
    expect(await api('POST', `/api/pagamentos/${first.body.data.id}/estorno`, { reason: 'Engano' })).toMatchObject({ status: 409, body: { message: `Estorne antes o pagamento nº ${second.body.data.id}, posterior a este.` } });
    expect((await api('POST', `/api/pagamentos/${second.body.data.id}/estorno`, { reason: 'Engano' })).status).toBe(200);
    expect((await api('POST', `/api/pagamentos/${first.body.data.id}/estorno`, { reason: 'Engano' })).status).toBe(200);
    expect(await state(a1.id)).toEqual(['600.00', 1]);
  });

  it('refuses bad input on its field, writing nothing', async () => {
    const { a1, a2 } = await pair(types.oldest);
    const payments = async () => Number((await server.db.selectFrom('receivable_payments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await payments();
    const refused = async (body: Row, errors: Record<string, string[]>) => {
      const answer = await pay(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    };
    await refused({ amount: '0.00', control_account_ids: [a1.id] }, { amount: ['O valor do pagamento deve ser maior que zero.'] });
    await refused({ amount: '10.00', control_account_ids: [] }, { control_account_ids: ['Informe as contas que o pagamento paga.'] });
    await refused({ amount: '10.00', control_account_ids: [99_999_999] }, { control_account_ids: ['A conta informada não existe.'] });
    await refused({ amount: '10.00', control_account_ids: [a1.id], date: '2025-06-01' }, { date: ['Os lançamentos até 31/12/2025 estão consolidados.'] });
    await refused({ amount: '10.00', control_account_ids: [a1.id], means: 9 }, { means: [expect.any(String)] as unknown as string[] });
    await server.db.updateTable('control_accounts').set({ status: 3 }).where('id', '=', a2.id).execute();
    await refused({ amount: '10.00', control_account_ids: [a1.id, a2.id] }, { control_account_ids: ['Não é possível pagar uma conta cancelada.'] });
    expect(await payments()).toBe(before);
    expect(await state(a1.id)).toEqual(['600.00', 1]);
  });

  it('pays an account once when two payments of it come at once', async () => {
    const { a2 } = await pair(types.oldest);
    const answers = await Promise.all([pay({ amount: '650.00', control_account_ids: [a2.id] }), pay({ amount: '650.00', control_account_ids: [a2.id] })]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    const lines = await server.db.selectFrom('receivable_payment_lines').select('id').where('control_account_id', '=', a2.id).execute();
    expect(lines).toHaveLength(1);
  });

  it('asks for controlAccount.pay to pay and controlAccount.reverse to reverse', async () => {
    const { a1 } = await pair(types.oldest);
    const viewer = call(server, (await userWith(server, [{ name: 'controlAccount.show' }])).token);
    expect((await pay({ amount: '10.00', control_account_ids: [a1.id] }, viewer)).status).toBe(403);
    const payer = call(server, (await userWith(server, [{ name: 'controlAccount.pay' }])).token);
    const paid = await pay({ amount: '10.00', control_account_ids: [a1.id] }, payer);
    expect(paid.status).toBe(201);
    expect((await payer('POST', `/api/pagamentos/${paid.body.data.id}/estorno`, { reason: 'Engano' })).status).toBe(403);
    const reverser = call(server, (await userWith(server, [{ name: 'controlAccount.reverse' }])).token);
    expect((await reverser('POST', `/api/pagamentos/${paid.body.data.id}/estorno`, { reason: 'Engano' })).status).toBe(200);
    expect((await api('POST', '/api/pagamentos/99999999/estorno', { reason: 'Engano' })).status).toBe(404);
    expect((await api('GET', `/api/pagamentos/${paid.body.data.id}`)).body.data.status).toBe(2);
  });
});
