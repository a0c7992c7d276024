/**
 * A change of range through the API (docs/RECEIVABLES.md §5 'A change of range'): moved on 10/05/2026
 * into a range with 'Cancelar lançamento da contribuição atual', the registration's open 2026 annuity
 * of 650,00 is replaced by the new range's value (325,00; 8/12 of it, 216,67, when the situation is
 * proportional), origin Entrada na cobrança, due 30 days from the range's date once the year's due
 * date has passed; what was paid beyond it credited; an exempt range leaves the year unbilled; a range
 * without the flag changes nothing until the next generation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, type Api } from './api-support.js';
import { chargedRegistrations, type ChargedRegistrations } from './registration-support.js';

type Row = Record<string, any>;
const MOVED = '2026-05-10';

for (const kind of FEATURE_DATABASE_KINDS) describe(`a change of range [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let charged: ChargedRegistrations;
  let ranges: ChargedRegistrations['subject']['setUp']['ranges'];

  beforeAll(async () => {
    server = await startTestServer(kind);
    charged = await chargedRegistrations(server);
    api = charged.api;
    ranges = charged.subject.setUp.ranges;
    await created(api, '/api/valores_contribuicao', { debt_type_id: charged.receivables.ids.annuity, year: 2026, contribution_range_id: ranges.reduced, amount: '325.00', due_date: '2026-03-31' });
    await server.db.insertInto('category_contribution_ranges').values({ category_id: charged.subject.setUp.categories.engineer, contribution_range_id: ranges.exempt, main: false }).execute();
    await server.db.updateTable('contribution_ranges').set({ cancel_current_contribution_posting: true }).where('id', 'in', [ranges.reduced, ranges.exempt]).execute();
  }, 300_000);

  afterAll(async () => server?.close());

  const proportionalSituation = (on: boolean) => server.db.updateTable('situations').set({ proportional_charge: on }).where('id', '=', charged.subject.setUp.situations.active).execute();
  const moveTo = async (registration: Row, range: number) => {
    const answer = await charged.save(registration, { contribution_range_id: range, contribution_range_date: MOVED });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const account = async (id: number) => (await api('GET', `/api/control_account/${id}`)).body.data as Row;

  it("bills the year again at the new range's value, replacing the open annuity", async () => {
    await proportionalSituation(false);
    const { registration, annuity } = await charged.registered();
    await moveTo(registration, ranges.reduced);
    const old = await account(annuity.id);
    expect(old).toMatchObject({ status: 3, replaced_by_id: expect.any(Number), cancellation_reason: expect.stringContaining('mudança para a faixa "Reduzida') });
    const billed = await account(old.replaced_by_id);
    expect(billed).toMatchObject({ principal: '325.00', open_principal: '325.00', status: 1, origin: 3, exercise: 2026, due_date: '2026-06-09', related_control_account_id: annuity.id });
    expect(billed.custom_field_list).toContainEqual(expect.objectContaining({ name: 'Faixa de contribuição', value: expect.stringMatching(/^Reduzida/) }));
  });

  it('bills 8/12 of the new value from the range date when the situation is proportional', async () => {
    await proportionalSituation(true);
    try {
      const { registration, annuity } = await charged.registered();
      await moveTo(registration, ranges.reduced);
      const billed = await account((await account(annuity.id)).replaced_by_id);
      expect([billed.principal, billed.open_principal]).toEqual(['216.67', '216.67']);
      expect(billed.custom_field_list).toContainEqual(expect.objectContaining({ name: 'Proporção', value: '8/12' }));
    } finally {
      await proportionalSituation(false);
    }
  });

  it("keeps what was paid: 400,00 paid of 650,00 settles the new 325,00 and credits 75,00", async () => {
    const { registration, annuity, party } = await charged.registered();
    await created(api, '/api/control_account/pagamento', { date: '2026-03-31', amount: '400.00', means: 3, control_account_ids: [annuity.id] });
    await moveTo(registration, ranges.reduced);
    const billed = await account((await account(annuity.id)).replaced_by_id);
    expect([billed.principal, billed.open_principal, billed.status]).toEqual(['325.00', '0.00', 2]);
    const credits = await server.db.selectFrom('receivable_credits').select(['amount', 'used']).where('party_id', '=', party).execute();
    expect(credits.map((row) => [row.amount, row.used])).toEqual([['75.00', '0.00']]);
  });

  it('leaves the year unbilled in an exempt range, and changes nothing for a range without the flag', async () => {
    const exempt = await charged.registered();
    await moveTo(exempt.registration, ranges.exempt);
    expect(await account(exempt.annuity.id)).toMatchObject({ status: 3, replaced_by_id: null, cancellation_reason: expect.stringContaining('mudança para a faixa "Isenta') });

    await server.db.updateTable('contribution_ranges').set({ cancel_current_contribution_posting: false }).where('id', '=', ranges.reduced).execute();
    try {
      const kept = await charged.registered();
      await moveTo(kept.registration, ranges.reduced);
      expect(await account(kept.annuity.id)).toMatchObject({ status: 1, principal: '650.00', replaced_by_id: null });
    } finally {
      await server.db.updateTable('contribution_ranges').set({ cancel_current_contribution_posting: true }).where('id', '=', ranges.reduced).execute();
    }
  });
});
