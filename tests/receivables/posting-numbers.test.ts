/**
 * Postings at once on one sequence (docs/RECEIVABLES.md §3 'Numbering', docs/SEQUENCES.md): each
 * account's number is drawn in its posting's transaction, so postings racing each other never share
 * a number and leave no gap, and a refused posting takes none; payments of one account at once (§7)
 * pay it once. On both databases: the locks of the sequence's and the accounts' rows are the subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { setUpReceivables, type Api, type SetUp } from './api-support.js';

for (const kind of DATABASE_KINDS) describe(`numbers of postings at once [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
  }, 300_000);

  afterAll(async () => server?.close());

  it('never gives two postings at once the same number, and leaves no gap', async () => {
    const tax = await setUp.debtType({ denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const post = (principal: string) => api('POST', '/api/control_account/lancamento', {
      party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, posting_date: '2026-11-20', due_date: '2026-12-15', principal,
    });
    // Twenty postings at once, every fourth one refused after its checks (a principal of zero).
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 4 === 3 ? '0.00' : `${10 + i}.00`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(15).fill(201), ...Array(5).fill(422)]);
    const numbers = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.formatted_number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 15 }, (_, i) => `ANU-${String(i + 1).padStart(6, '0')}/2026`));
    const stored = await server.db.selectFrom('control_accounts').select('formatted_number').execute();
    expect(new Set(stored.map((row) => row.formatted_number)).size).toBe(15);
    const histories = await server.db.selectFrom('control_account_balance_histories').select('control_account_id').execute();
    expect(histories).toHaveLength(15);
  });

  it('pays an account once when payments of it come at once', async () => {
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const posted = await api('POST', '/api/control_account/lancamento', { party_id: setUp.registration.party_id, debt_type_id: tax, exercise: 2026, posting_date: '2026-11-20', due_date: '2026-12-15', principal: '650.00' });
    expect(posted.status).toBe(201);
    const id = posted.body.data.id;
    const answers = await Promise.all(Array.from({ length: 4 }, () => api('POST', '/api/control_account/pagamento', { date: '2026-11-20', amount: '650.00', means: 3, control_account_ids: [id] })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    for (const status of statuses.slice(1)) expect([409, 422]).toContain(status);
    const lines = await server.db.selectFrom('receivable_payment_lines').select('id').where('control_account_id', '=', id).execute();
    expect(lines).toHaveLength(1);
    const account = (await api('GET', `/api/control_account/${id}`)).body.data;
    expect([account.open_principal, account.status]).toEqual(['0.00', 2]);
  });
});
