/**
 * The manual posting of a control account through the API (docs/RECEIVABLES.md §3): numbered by its
 * debt type's sequence, with its balance-history row, custom fields, copied settings and audit row;
 * the principal by the debt type (the year's contribution value, a tax typed or a percentage of the
 * current contribution, a forfeit's percentage of a base); an account awaiting confirmation until
 * 'Confirmar lançamento'; bad input 422 on its field and nothing written; 403 without the permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { CONSOLIDATED, setUpReceivables, type Api, type SetUp } from './api-support.js';

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`manual posting [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: SetUp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    setUp = await setUpReceivables(server.model, api);
    Object.assign(ids, setUp.ids);
    ids.tax = await setUp.debtType({ denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    ids.percentTax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: false, percent_value: '10' });
    ids.fine = await setUp.debtType({ denomination: 'Multa por infração', characteristic: 3, percent_value: '20', allow_create_without_confirmation: true });
    ids.ended = await setUp.debtType({ denomination: 'Taxa antiga', characteristic: 2, is_dynamic: true, start_date: '2020-01-01', end_date: '2025-12-31', allow_create_without_confirmation: true });
  }, 300_000);

  afterAll(async () => server?.close());

  const post = (body: Row, as: Api = api) =>
    as('POST', '/api/control_account/lancamento', { party_id: setUp.registration.party_id, registration_id: setUp.registration.id, exercise: 2026, posting_date: '2026-11-20', ...body });
  const count = async () => Number((await server.db.selectFrom('control_accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const sequenceNumber = async () => Number((await server.db.selectFrom('sequences').select('number').where('id', '=', ids.sequence).executeTakeFirstOrThrow()).number);

  it("posts a contribution at the year's value, numbered by its debt type's sequence, with its history, custom fields, settings and audit", async () => {
    const answer = await post({ debt_type_id: ids.annuity });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const account = answer.body.data;
    expect(account).toMatchObject({
      formatted_number: 'ANU-000001/2026', party_id: setUp.registration.party_id, registration_id: setUp.registration.id, debt_type_id: ids.annuity, exercise: 2026,
      principal: '650.00', open_principal: '650.00', due_date: '2026-03-31', posting_date: '2026-11-20', origin: 2, status: 1,
      value_update_setting_id: ids.flatUpdate, interest_update_setting_id: ids.interest, forfeit_update_setting_id: ids.forfeit, amount_amortization_setting_id: ids.amortization,
    });
    expect(account.balance_histories.map((row: Row) => [row.date, row.balance, row.notes])).toEqual([['2026-11-20', '650.00', 'Lançamento manual: Anuidade PF 2026']]);
    expect(account.custom_field_list.map((row: Row) => row.name)).toEqual(['Categoria', 'Faixa de contribuição', 'Situação']);
    const shown = await api('GET', `/api/control_account/${account.id}`);
    expect(shown.body.data.formatted_number).toBe('ANU-000001/2026');
    const trail = await server.db.selectFrom('audits').selectAll().where('module', '=', 'control_account').where('record_id', '=', String(account.id)).execute();
    expect(trail.map((row) => row.event)).toEqual(['created']);

    const second = await post({ debt_type_id: ids.tax, principal: '120.50', due_date: '2026-12-15', registration_id: null });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data).toMatchObject({ formatted_number: 'ANU-000002/2026', principal: '120.50', due_date: '2026-12-15', registration_id: null, status: 1 });
  });

  it("posts a tax at a percentage of the current contribution's value, awaiting confirmation until it is confirmed", async () => {
    const answer = await post({ debt_type_id: ids.percentTax, due_date: '2026-12-10' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ principal: '65.00', status: 6 });
    expect(answer.body.data.custom_field_list).toContainEqual(expect.objectContaining({ name: 'Cálculo do valor', value: '10 % de R$ 650,00' }));
    expect(answer.body.data.balance_histories[0].notes).toBe('Lançamento manual: Taxa de expediente 2026 (aguardando confirmação)');
    const confirmed = await api('POST', `/api/control_account/${answer.body.data.id}/confirmar`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.status).toBe(1);
    expect(confirmed.body.data.balance_histories.map((row: Row) => row.notes)).toContain('Lançamento confirmado');
    const again = await api('POST', `/api/control_account/${answer.body.data.id}/confirmar`);
    expect(again).toEqual({ status: 409, body: expect.objectContaining({ message: 'Este lançamento não aguarda confirmação.' }) });
  });

  it('posts a forfeit at its percentage of the base typed', async () => {
    const answer = await post({ debt_type_id: ids.fine, base: '1000.00', due_date: '2026-12-20' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.principal).toBe('200.00');
    const noBase = await post({ debt_type_id: ids.fine, due_date: '2026-12-20' });
    expect(noBase).toMatchObject({ status: 422, body: { errors: { base: ['O campo Base de cálculo é obrigatório.'] } } });
  });

  it('refuses bad input on its field, in pt-BR, writing nothing and drawing no number', async () => {
    const before = { accounts: await count(), number: await sequenceNumber() };
    const refused = async (body: Row, errors: Record<string, string[]>) => {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    };
    await refused({ debt_type_id: ids.tax, principal: '0.00', due_date: '2026-12-15' }, { principal: ['O valor original deve ser maior que zero.'] });
    await refused({ debt_type_id: ids.tax, principal: '-10.00', due_date: '2026-12-15' }, { principal: ['O valor original deve ser maior que zero.'] });
    await refused({ debt_type_id: ids.tax, due_date: '2026-12-15' }, { principal: ['O campo Valor original é obrigatório.'] });
    await refused({ debt_type_id: ids.annuity, principal: '700.00' }, { principal: ['O tipo de débito "Anuidade PF" não permite alterar o valor: o valor é R$ 650,00.'] });
    await refused({ debt_type_id: ids.annuity, party_id: 99_999_999, registration_id: null }, { party_id: ['O devedor informado não existe.'] });
    await refused({ debt_type_id: ids.ended, principal: '10.00', due_date: '2026-12-15' }, { debt_type_id: ['O tipo de débito "Taxa antiga" não está vigente em 20/11/2026.'] });
    const range = (await api('GET', `/api/faixa_de_contribuicao/${setUp.registration.contribution_range_id}`)).body.data.denomination;
    const category = (await api('GET', `/api/categoria/${setUp.registration.category_id}`)).body.data.denomination;
    await refused({ debt_type_id: ids.annuity, exercise: 2030 }, { exercise: [`Não há valor da contribuição de 2030 para a faixa "${range}" da categoria "${category}".`] });
    await refused({ debt_type_id: ids.annuity, registration_id: null }, { registration_id: ['Informe a inscrição: o valor depende da faixa e da categoria dela.'] });
    await refused({ debt_type_id: ids.annuity, posting_date: '2025-06-01' }, { posting_date: [`Os lançamentos até ${CONSOLIDATED.split('-').reverse().join('/')} estão consolidados.`] });
    await refused({ debt_type_id: ids.annuity, posting_date: '2999-01-01' }, { posting_date: [expect.stringMatching(/^A data do lançamento não pode ser posterior a hoje/)] as unknown as string[] });
    await refused({ debt_type_id: ids.annuity, exercise: 1999 }, { exercise: ['O campo Exercício deve ser no mínimo 2000.'] });
    await refused({ debt_type_id: ids.tax, principal: '10.00', due_date: '2026-02-30' }, { due_date: ['O campo Vencimento não é uma data válida.'] });
    const missing = await api('POST', '/api/control_account/lancamento', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['debt_type_id', 'exercise', 'party_id']);
    expect({ accounts: await count(), number: await sequenceNumber() }).toEqual(before);
  });

  it('asks for controlAccount.post to post and to confirm', async () => {
    const viewer = call(server, (await userWith(server, [{ name: 'controlAccount.show' }, { name: 'controlAccount.index' }])).token);
    expect((await post({ debt_type_id: ids.tax, principal: '10.00', due_date: '2026-12-15' }, viewer)).status).toBe(403);
    const waiting = await post({ debt_type_id: ids.percentTax, due_date: '2026-12-10' });
    expect((await viewer('POST', `/api/control_account/${waiting.body.data.id}/confirmar`)).status).toBe(403);
    const poster = call(server, (await userWith(server, [{ name: 'controlAccount.post' }])).token);
    expect((await post({ debt_type_id: ids.tax, principal: '10.00', due_date: '2026-12-15' }, poster)).status).toBe(201);
    expect((await poster('POST', `/api/control_account/${waiting.body.data.id}/confirmar`)).status).toBe(200);
    expect((await api('POST', '/api/control_account/99999999/confirmar')).status).toBe(404);
    const catalogue = (await api('GET', '/api/permissions')).body;
    expect(JSON.stringify(catalogue)).toContain('controlAccount.post');
  });

  it('documents its routes in the served OpenAPI document', async () => {
    const document = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = document.json().paths;
    expect(Object.keys(paths['/api/control_account/lancamento'])).toEqual(['post']);
    expect(Object.keys(paths['/api/control_account/{id}/confirmar'])).toEqual(['post']);
    expect(Object.keys(paths['/api/control_account/{id}/saldo'])).toEqual(['get']);
    expect(Object.keys(paths['/api/partes/{id}/saldo'])).toEqual(['get']);
    expect(Object.keys(paths['/api/control_account/pagamento'])).toEqual(['post']);
    expect(Object.keys(paths['/api/pagamentos/{id}/estorno'])).toEqual(['post']);
    expect(paths['/api/control_account/lancamento'].post.requestBody.content['application/json'].schema.required).toEqual(['party_id', 'debt_type_id', 'exercise']);
  });
});
