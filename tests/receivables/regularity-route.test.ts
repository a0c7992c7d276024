/**
 * `GET /api/partes/{id}/regularidade` (docs/RECEIVABLES.md §8): em dia or em débito at a date, with the
 * overdue accounts' balance on that date and the oldest due date; an account awaiting confirmation
 * or cancelled does not count; 422 on a bad date, 403 without `controlAccount.show` nor
 * `registration.show`, 404 for a party the space does not hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { created, setUpReceivables, type Api, type SetUp } from './api-support.js';

for (const kind of FEATURE_DATABASE_KINDS) describe(`a party's regularity [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
  }, 300_000);

  afterAll(async () => server?.close());

  const regularity = (date: string, as: Api = api, party = setUp.registration.party_id) => as('GET', `/api/partes/${party}/regularidade?data=${date}`);

  it('is em débito from the business day after the due date, with the balance of that day and the oldest due date', async () => {
    const tax = await setUp.debtType({ denomination: 'Taxa', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const awaiting = await setUp.debtType({ denomination: 'Taxa a confirmar', characteristic: 2, is_dynamic: true });
    const post = (debt_type_id: number, principal: string, due_date: string) => created(api, '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id, exercise: 2026, principal, due_date });
    await post(tax, '650.00', '2026-03-31');
    await post(awaiting, '999.00', '2026-01-15');
    const cancelled = await post(tax, '500.00', '2026-01-15');
    expect((await api('POST', `/api/control_account/${cancelled.id}/cancelamento`, { motivo: 'Engano' })).status).toBe(200);

    expect((await regularity('2026-03-31')).body.data).toEqual({ party_id: setUp.registration.party_id, date: '2026-03-31', regular: true, debts: 0, total: '0.00', since: null, label: 'Em dia' });
    // B1: 30 days at 1 % ao mês (6,50) and the 2 % forfeit (13,00) on 30/04/2026.
    expect((await regularity('2026-04-30')).body.data).toMatchObject({ regular: false, debts: 1, total: '669.50', since: '2026-03-31', label: 'Em débito: R$ 669,50 desde 31/03/2026' });
  });

  it('refuses a bad date on its field, without the permissions, and for a party the space does not hold', async () => {
    expect(await regularity('31/04/2026')).toMatchObject({ status: 422, body: { errors: { data: [expect.any(String)] } } });
    const nobody = call(server, (await userWith(server, [{ name: 'controlAccount.pay' }])).token);
    expect((await regularity('2026-04-30', nobody)).status).toBe(403);
    const clerk = call(server, (await userWith(server, [{ name: 'registration.show' }])).token);
    expect((await regularity('2026-04-30', clerk)).status).toBe(200);
    expect(await regularity('2026-04-30', api, 99_999_999)).toMatchObject({ status: 404, body: { message: 'Pessoa não encontrada.' } });
  });
});
