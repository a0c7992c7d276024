/**
 * Leaving charges through the API (docs/RECEIVABLES.md §5 'Leaving charges'): a registration moved to
 * a situation that interrupts charges on 10/09/2026 has its 2026 annuity of 650,00 (M, day 15: 8/12)
 * replaced by one of 433,33 carrying what was paid (the old one Cancelada, `replaced_by_id`, related),
 * what was paid beyond it credited (216,67); its open balance cancelled when the range cancels the
 * proportional or the situation discharges the contribution; kept whole otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, type Api } from './api-support.js';
import { chargedRegistrations, type ChargedRegistrations } from './registration-support.js';

type Row = Record<string, any>;
const EXIT = '2026-09-10';

for (const kind of FEATURE_DATABASE_KINDS) describe(`leaving charges [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let charged: ChargedRegistrations;
  let subject: ChargedRegistrations['subject'];

  beforeAll(async () => {
    server = await startTestServer(kind);
    charged = await chargedRegistrations(server);
    ({ api, subject } = charged);
    await server.db.updateTable('revenue_settings').set({ generate_proportional_current_contribution_in_exit: true, credit_difference_paind_in_exit: true }).where('id', '=', charged.receivables.ids.revenue).execute();
  }, 300_000);

  afterAll(async () => server?.close());

  const flags = (situation: number, values: Row) => server.db.updateTable('situations').set({ interrupts_contribution_charges: true, ...values }).where('id', '=', situation).execute();
  const registered = () => charged.registered();
  const move = async (registration: Row, situation: number) => {
    const answer = await charged.save(registration, { situation_id: situation, situation_date: EXIT });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const account = async (id: number) => (await api('GET', `/api/control_account/${id}`)).body.data as Row;
  const credits = async (party: number) => (await server.db.selectFrom('receivable_credits').select(['amount', 'used']).where('party_id', '=', party).execute()).map((row) => [row.amount, row.used]);

  it('replaces a paid annuity by one of 433,33 (8/12), paid, and credits the 216,67 paid beyond it; its payment can no longer be reversed', async () => {
    const { situations } = subject.setUp;
    await flags(situations.cancelled, { proportional_charge: true, before_expired: true, proportional_after_expiration: true, contribution_discharge: false });
    const { registration, annuity, party } = await registered();
    const paid = await created(api, '/api/control_account/pagamento', { date: '2026-03-31', amount: '650.00', means: 3, control_account_ids: [annuity.id] });
    await move(registration, situations.cancelled);

    const old = await account(annuity.id);
    expect(old).toMatchObject({ status: 3, replaced_by_id: expect.any(Number) });
    const replacement = await account(old.replaced_by_id);
    expect(replacement).toMatchObject({ principal: '433.33', open_principal: '0.00', status: 2, exercise: 2026, due_date: '2026-03-31', registration_id: registration.id, related_control_account_id: annuity.id });
    expect(replacement.custom_field_list).toContainEqual(expect.objectContaining({ name: 'Proporção', value: '8/12' }));
    expect(replacement.balance_histories.at(-1).notes).toBe(`Redução proporcional na saída: 8/12 da conta ${annuity.formatted_number}`);
    expect(old.cancellation_reason).toBe(`substituída pela conta ${replacement.formatted_number}, redução proporcional na saída (8/12)`);
    expect(await credits(party)).toEqual([['216.67', '0.00']]);
    expect(await api('POST', `/api/pagamentos/${paid.id}/estorno`, { reason: 'Engano' })).toMatchObject({
      status: 409, body: { message: `A conta ${annuity.formatted_number} foi cancelada depois deste pagamento, que não pode mais ser estornado.` },
    });
  });

  it('replaces an open annuity by one of 433,33 open; the party owes only the new one', async () => {
    const { registration, annuity, party } = await registered();
    await move(registration, subject.setUp.situations.cancelled);
    const old = await account(annuity.id);
    const replacement = await account(old.replaced_by_id);
    expect([old.status, replacement.principal, replacement.open_principal, replacement.status]).toEqual([3, '433.33', '433.33', 1]);
    const balance = (await api('GET', `/api/partes/${party}/saldo?data=2026-03-31`)).body.data;
    expect(balance.accounts.map((row: Row) => [row.control_account_id, row.total])).toEqual([[replacement.id, '433.33']]);
    expect(await credits(party)).toEqual([]);
  });

  it("cancels the open balance instead when the range cancels the proportional, or when the situation discharges the contribution", async () => {
    const { situations, ranges } = subject.setUp;
    await server.db.updateTable('contribution_ranges').set({ cancel_prop_when_charges_stop: true }).where('id', '=', ranges.full).execute();
    try {
      const { registration, annuity } = await registered();
      await move(registration, situations.cancelled);
      const old = await account(annuity.id);
      expect([old.status, old.replaced_by_id, old.cancellation_reason]).toEqual([3, null, expect.stringMatching(/^situação /)]);
      expect(old.balance_histories.at(-1)).toMatchObject({ balance: '0.00', notes: `Cancelamento: ${old.cancellation_reason}` });
    } finally {
      await server.db.updateTable('contribution_ranges').set({ cancel_prop_when_charges_stop: false }).where('id', '=', ranges.full).execute();
    }

    // A situation that is not proportional but discharges the contribution.
    await flags(situations.suspended, { proportional_charge: false, contribution_discharge: true });
    const { registration, annuity } = await registered();
    await move(registration, situations.suspended);
    expect((await account(annuity.id)).status).toBe(3);
  });

  it('keeps the annuity whole when nothing asks otherwise, and touches nothing on a situation that does not interrupt charges', async () => {
    const { situations } = subject.setUp;
    await flags(situations.suspended, { proportional_charge: false, contribution_discharge: false });
    const { registration, annuity } = await registered();
    await move(registration, situations.suspended);
    expect(await account(annuity.id)).toMatchObject({ status: 1, principal: '650.00', replaced_by_id: null });
    await server.db.updateTable('situations').set({ interrupts_contribution_charges: false, contribution_discharge: true }).where('id', '=', situations.suspended).execute();
    const other = await registered();
    await move(other.registration, situations.suspended);
    expect((await account(other.annuity.id)).status).toBe(1);
  });
});
