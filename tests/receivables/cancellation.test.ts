/**
 * The cancellation of a control account through the API (docs/RECEIVABLES.md §3 'Cancellation'):
 * Cancelada with the reason, the history row 'Cancelamento: <motivo>' and the audit row; refused on
 * its field (no reason, a date after today or consolidated), 409 for an account already cancelled or
 * paid, one winner of two cancellations at once, 403 without `controlAccount.cancel`, 404 for an id the
 * space does not hold. The closed books also stop a confirmation and a credit's application.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCredit } from '../../src/server/features/receivables/payments.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { CONSOLIDATED, created, setUpReceivables, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`cancellation and the closed books [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;
  let tax: number;
  let awaitingTax: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
    tax = await setUp.debtType({ denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    awaitingTax = await setUp.debtType({ denomination: 'Taxa a confirmar', characteristic: 2, is_dynamic: true });
  }, 300_000);

  afterAll(async () => server?.close());

  const post = async (type = tax, principal = '120.50') =>
    (await created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: type, exercise: 2026, principal, due_date: '2026-03-31' })) as Row;
  const cancel = (id: number, body: Row, as: Api = api) => as('POST', `/api/control_account/${id}/cancelamento`, body);
  const account = async (id: number) => (await api('GET', `/api/control_account/${id}`)).body.data as Row;
  const consolidateUntil = (date: string) => server.db.updateTable('revenue_settings').set({ control_entry_consolidation_date: date }).where('id', '=', setUp.ids.revenue).execute();

  it('cancels an open account with its reason, history row and audit row; a second time is 409', async () => {
    const open = await post();
    const answer = await cancel(open.id, { motivo: '  Lançada em duplicidade ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 3, cancellation_reason: 'Lançada em duplicidade', open_principal: '120.50' });
    expect(answer.body.data.balance_histories.at(-1)).toMatchObject({ balance: '0.00', notes: 'Cancelamento: Lançada em duplicidade' });
    const trail = await server.db.selectFrom('audits').select(['event', 'new_values']).where('module', '=', 'control_account').where('record_id', '=', String(open.id)).orderBy('id').execute();
    expect(trail.map((row) => row.event)).toEqual(['created', 'updated']);
    expect(JSON.stringify(trail[1]!.new_values)).toContain('Lançada em duplicidade');

    expect(await cancel(open.id, { motivo: 'De novo' })).toMatchObject({ status: 409, body: { message: 'Esta conta já está cancelada.' } });
    // Cancelled is final: nothing pays it, and the party's balance leaves it out.
    const paid = await api('POST', '/api/control_account/pagamento', { date: '2026-03-31', amount: '10.00', means: 1, control_account_ids: [open.id] });
    expect(paid).toMatchObject({ status: 422, body: { errors: { control_account_ids: ['Não é possível pagar uma conta cancelada.'] } } });
    const balance = await api('GET', `/api/partes/${setUp.registration.party_id}/saldo?data=2026-03-31`);
    expect(balance.body.data.accounts.map((row: Row) => row.control_account_id)).not.toContain(open.id);
  });

  it('cancels an account awaiting confirmation, and refuses a paid one with 409', async () => {
    const awaiting = await post(awaitingTax);
    expect(awaiting.status).toBe(6);
    expect((await cancel(awaiting.id, { motivo: 'Não confirmada' })).body.data).toMatchObject({ status: 3 });
    const open = await post();
    expect((await api('POST', '/api/control_account/pagamento', { date: '2026-03-31', amount: '120.50', means: 3, control_account_ids: [open.id] })).status).toBe(201);
    expect(await cancel(open.id, { motivo: 'Engano' })).toMatchObject({ status: 409, body: { message: 'Esta conta está paga e não pode ser cancelada: estorne antes o pagamento.' } });
    expect((await account(open.id)).status).toBe(2);
  });

  it('refuses bad input on its field, writing nothing', async () => {
    const open = await post();
    const refused = async (body: Row, errors: Record<string, string[]>) => {
      const answer = await cancel(open.id, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    };
    await refused({ motivo: '   ' }, { motivo: ['Informe o motivo do cancelamento.'] });
    await refused({}, { motivo: ['Informe o motivo do cancelamento.'] });
    const bare = await api('POST', `/api/control_account/${open.id}/cancelamento`);
    expect(bare.status, JSON.stringify(bare.body)).toBe(422);
    await refused({ motivo: 'Engano', data: '2099-01-01' }, { data: [expect.stringMatching(/^A data do cancelamento não pode ser posterior a hoje \(\d\d\/\d\d\/\d{4}\)\.$/)] as unknown as string[] });
    await refused({ motivo: 'Engano', data: '2025-06-01' }, { data: ['Os lançamentos até 31/12/2025 estão consolidados.'] });
    await refused({ motivo: 'Engano', data: '01/06/2026' }, { data: [expect.any(String)] as unknown as string[] });
    const kept = await account(open.id);
    expect([kept.status, kept.cancellation_reason, kept.balance_histories.length]).toEqual([1, null, 1]);
  });

  it('cancels once when two cancellations come at once: one 200, the other 409', async () => {
    const open = await post();
    const answers = await Promise.all([cancel(open.id, { motivo: 'Primeiro' }), cancel(open.id, { motivo: 'Segundo' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = await account(open.id);
    expect(kept.balance_histories.filter((row: Row) => row.notes.startsWith('Cancelamento:'))).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 200)!.body.data.cancellation_reason).toBe(kept.cancellation_reason);
  });

  it('asks for controlAccount.cancel; an id the space does not hold is 404', async () => {
    const open = await post();
    const poster = call(server, (await userWith(server, [{ name: 'controlAccount.post' }, { name: 'controlAccount.show' }])).token);
    expect((await cancel(open.id, { motivo: 'Engano' }, poster)).status).toBe(403);
    expect((await account(open.id)).status).toBe(1);
    const canceller = call(server, (await userWith(server, [{ name: 'controlAccount.cancel' }])).token);
    expect((await cancel(open.id, { motivo: 'Engano' }, canceller)).status).toBe(200);
    expect(await cancel(99_999_999, { motivo: 'Engano' })).toMatchObject({ status: 404, body: { message: 'Conta de controle não encontrada.' } });
  });

  it('the closed books stop a confirmation and a credit applied on a consolidated day (422 on the date)', async () => {
    const awaiting = await post(awaitingTax);
    const today = (await api('GET', `/api/control_account/${awaiting.id}`)).body.data.posting_date as string;
    await consolidateUntil(today);
    try {
      const confirmed = await api('POST', `/api/control_account/${awaiting.id}/confirmar`);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(422);
      expect(confirmed.body.errors).toEqual({ data: [`Os lançamentos até ${today.split('-').reverse().join('/')} estão consolidados.`] });
      expect((await account(awaiting.id)).status).toBe(6);
    } finally {
      await consolidateUntil(CONSOLIDATED);
    }

    // An overpayment's credit is not applied on a consolidated day, whoever asks.
    const open = await post();
    const overpaid = await api('POST', '/api/control_account/pagamento', { date: '2026-03-31', amount: '200.00', means: 1, control_account_ids: [open.id] });
    expect(overpaid.body.data.credit).toBe('79.50');
    const next = await post(tax, '50.00');
    expect(next.open_principal).toBe('0.00');
    const other = await server.db.insertInto('control_accounts').values({ formatted_number: 'AVULSA-1', party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2025, principal: '40.00', open_principal: '40.00', due_date: '2025-03-31', status: 1, origin: 2 }).returning('id').executeTakeFirstOrThrow();
    const refused = await applyCredit(server.db, server.model, setUp.registration.party_id, Number(other.id), '2025-12-01', null).then(() => null, (error: unknown) => error as Row);
    expect(refused).toMatchObject({ status: 422, errors: { date: ['Os lançamentos até 31/12/2025 estão consolidados.'] } });
    expect((await account(Number(other.id))).open_principal).toBe('40.00');
  });
});
