/**
 * The certidão de regularidade and the holder's debts (docs/RECEIVABLES.md §8, docs/CERTIFICATES.md
 * step 2): refused while the registration's party has an account Aberta past its due date, with the
 * number of debts and their balance today in the message (one debt and several worded apart);
 * issued again once they are paid or cancelled. A registration card is issued whatever the debts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notRegular } from '../../src/server/features/certificates/issue.js';
import { today } from '../../src/server/features/registrations/calendar.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { formatCents } from '../../src/shared/decimals.js';
import { Exact } from '../../src/shared/finance/exact.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { setUpReceivables, type Api, type SetUp } from '../receivables/api-support.js';
import { certifiedRegistration, type CertifiedRegistration } from './support.js';

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`the certidão de regularidade and the debts [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let subject: CertifiedRegistration;
  let receivables: SetUp;
  let tax: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedReferenceData(server.db);
    api = call(server, server.adminToken);
    const post = async (url: string, body: Row, method: 'POST' | 'PUT' = 'POST') => {
      const answer = await api(method, url, body);
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(method === 'POST' ? 201 : 200);
      return answer.body.data;
    };
    const option = async (module: string, label: string, combo?: string) => {
      const answer = await api('GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
      return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
    };
    subject = await certifiedRegistration(post, option);
    const registration = subject.registration;
    receivables = await setUpReceivables(server.model, api, {
      registration: async () => ({ id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) }),
    });
    tax = await receivables.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
  }, 300_000);

  afterAll(async () => server?.close());

  const issue = (templateId: number) => api('POST', `/api/inscricao/${subject.registration.id}/certidoes`, { template_id: templateId });
  const postTax = async (principal: string, due_date: string) => {
    const answer = await api('POST', '/api/control_account/lancamento', { party_id: receivables.registration.party_id, debt_type_id: tax, exercise: Number(due_date.slice(0, 4)), principal, due_date });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data as Row;
  };
  const balanceToday = async (id: number) => (await api('GET', `/api/control_account/${id}/saldo?data=${today()}`)).body.data.total as string;

  it('refuses the certidão while debts are overdue, naming how many and their balance today; issues it once they are settled', async () => {
    const notDue = await postTax('80.00', '2099-12-31');
    expect((await issue(subject.templates.regularity)).status).toBe(201);

    const first = await postTax('650.00', '2026-03-31');
    const one = await issue(subject.templates.regularity);
    const oneMessage = notRegular(`há 1 débito vencido, de R$ ${formatCents(await balanceToday(first.id))} atualizado até hoje`);
    expect(one).toMatchObject({ status: 422, body: { message: oneMessage, errors: { template_id: [oneMessage] } } });
    expect(oneMessage).toMatch(/^A certidão de regularidade não pode ser emitida: há 1 débito vencido, de R\$ \d{3},\d\d atualizado até hoje\.$/);

    const second = await postTax('600.00', '2025-03-31');
    const total = new Exact(await balanceToday(first.id)).plus(await balanceToday(second.id)).toFixed(2);
    const two = await issue(subject.templates.regularity);
    expect(two.status).toBe(422);
    expect(two.body.message).toBe(`A certidão de regularidade não pode ser emitida: há 2 débitos vencidos, no total de R$ ${formatCents(total)} atualizado até hoje.`);
    // The registration card does not ask for regularity.
    expect((await issue(subject.templates.card)).status).toBe(201);

    const shown = await api('GET', `/api/partes/${receivables.registration.party_id}/regularidade`);
    expect(shown.body.data).toMatchObject({ regular: false, debts: 2, total, since: '2025-03-31', label: `Em débito: R$ ${formatCents(total)} desde 31/03/2025` });

    const paid = await api('POST', '/api/control_account/pagamento', { date: today(), amount: await balanceToday(second.id), means: 3, control_account_ids: [second.id] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await api('POST', `/api/control_account/${first.id}/cancelamento`, { motivo: 'Lançada por engano' })).status).toBe(200);
    expect((await issue(subject.templates.regularity)).status).toBe(201);
    expect((await api('GET', `/api/partes/${receivables.registration.party_id}/regularidade`)).body.data).toMatchObject({ regular: true, debts: 0, label: 'Em dia' });
    expect(notDue.status).toBe(1);
  });
});
