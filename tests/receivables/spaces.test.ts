/**
 * Control accounts across spaces (PostgreSQL spaces of a PostgreSQL platform, docs/TESTING.md): another
 * space's administrator can neither confirm nor cancel a space's posting nor read its balance nor its
 * party's balance or regularity (404, nothing changed), nor post on its party or debt type, nor pay
 * its accounts (422 on the field), nor reverse its payment (404); nor read its annual generation's
 * runs (404), its own dry run seeing none of the space's registrations; nor its party's accounts
 * (404), its dashboard's finance figures counting none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type TwoSpaces } from '../platform/support/platform.js';
import { created } from './api-support.js';
import { receivablesInSpaceA } from './two-spaces.js';

for (const kind of FEATURE_SPACE_KINDS) describe(`control accounts in two spaces [${kind}]`, () => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'contas');
  }, 300_000);
  afterAll(() => spaces?.close(), 60_000);

  it("keeps a space's accounts to it: 404 from the other space, nothing changed", async () => {
    const { inA, inB, setUp } = await receivablesInSpaceA(spaces);
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: false, percent_value: '10' });
    const account = await created(inA, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, registration_id: setUp.registration.id, debt_type_id: tax, exercise: 2026, due_date: '2026-12-10' });
    expect(account.status).toBe(6);

    expect((await inB('POST', `/api/control_account/${account.id}/confirmar`)).status).toBe(404);
    expect((await inB('GET', `/api/control_account/${account.id}/saldo?data=2026-12-31`)).status).toBe(404);
    expect((await inB('GET', `/api/control_account/${account.id}`)).status).toBe(404);
    expect((await inB('POST', `/api/control_account/${account.id}/cancelamento`, { motivo: 'Engano' })).status).toBe(404);
    expect((await inB('GET', `/api/partes/${setUp.registration.party_id}/regularidade`)).status).toBe(404);
    expect((await inB('GET', `/api/partes/${setUp.registration.party_id}/saldo?data=2026-12-31`)).status).toBe(404);
    const posted = await inB('POST', '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, principal: '10.00', due_date: '2026-12-10' });
    expect(posted.status).toBe(422);
    expect(Object.keys(posted.body.errors).sort()).toEqual(['debt_type_id', 'party_id']);

    const dry = await created(inA, '/api/control_account/geracao/simulacao', { year: 2026 });
    expect(dry.totals.registrations).toBeGreaterThan(0);
    expect((await inB('GET', `/api/control_account/geracao/${dry.id}`)).status).toBe(404);
    expect(await inB('POST', '/api/control_account/geracao/simulacao', { year: 2026 })).toMatchObject({ status: 422, body: { errors: { year: ['Não há contribuição corrente na configuração de arrecadação em vigor em 01/01/2026.'] } } });

    const kept = await inA('GET', `/api/control_account/${account.id}`);
    expect(kept.body.data).toMatchObject({ status: 6, principal: '65.00' });
    expect((await inA('POST', `/api/control_account/${account.id}/confirmar`)).status).toBe(200);

    // The party's Financeiro tab and the dashboard's figures: the other space sees none of them.
    expect((await inB('GET', `/api/partes/${setUp.registration.party_id}/contas`)).status).toBe(404);
    expect((await inA('GET', `/api/partes/${setUp.registration.party_id}/contas`)).body.data.accounts).toHaveLength(1);
    expect((await inA('GET', '/api/dashboard/financeiro?ano=2026')).body.data).toMatchObject({ billed: '65.00', open: '65.00' });
    expect((await inB('GET', '/api/dashboard/financeiro?ano=2026')).body.data).toMatchObject({ billed: '0.00', received: '0.00', open: '0.00', overdue: '0.00' });

    // A payment of the space's account from the other space: no such account there (422 on the field); its reversal, 404.
    const day = String(kept.body.data.posting_date).slice(0, 10);
    const payment = await created(inA, '/api/control_account/pagamento', { date: day, amount: '10.00', means: 3, control_account_ids: [account.id] });
    const paidFromB = await inB('POST', '/api/control_account/pagamento', { date: day, amount: '10.00', means: 3, control_account_ids: [account.id] });
    expect(paidFromB).toMatchObject({ status: 422, body: { errors: { control_account_ids: ['A conta informada não existe.'] } } });
    expect((await inB('POST', `/api/pagamentos/${payment.id}/estorno`, { reason: 'Engano' })).status).toBe(404);
    expect((await inB('GET', `/api/pagamentos/${payment.id}`)).status).toBe(404);
    expect((await inA('GET', `/api/pagamentos/${payment.id}`)).body.data).toMatchObject({ status: 1, amount: '10.00' });
    expect((await inA('GET', `/api/control_account/${account.id}`)).body.data).toMatchObject({ status: 1, open_principal: '55.00' });
  });
});
