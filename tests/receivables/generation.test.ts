/**
 * The annual generation through the API (docs/RECEIVABLES.md §4): the dry run classifies every
 * registration and stores nothing but itself; the commit, queued, bills each registration billed or
 * proportional once (numbered by the debt type's sequence, custom fields, history, the party's credit
 * applied), a second commit bills nothing, a commit taken back after its process died goes on from its
 * cursor; one registration alone; a registration entering charges (§5); bad input 422 on the field;
 * 409 while a commit of the year runs; 403 without `controlAccount.generate`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { commitBatch } from '../../src/server/features/receivables/generation-job.js';
import { yearContext } from '../../src/server/features/receivables/generation-read.js';
import { created, type Api } from './api-support.js';
import { annuities, CLOCK, finished, setUpGeneration, withEnv, type GenerationSetUp } from './generation-support.js';

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`annual generation [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: GenerationSetUp;

  beforeAll(async () => {
    server = await withEnv({ GENERATION_STALE_SECONDS: '5', GENERATION_INTERVAL_MS: '100' }, () => startTestServer(kind, { clock: CLOCK }));
    api = call(server, server.adminToken);
    setUp = await setUpGeneration(server, api);
  }, 300_000);

  afterAll(async () => server?.close());

  const accountCount = async () => Number((await server.db.selectFrom('control_accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const sequenceNumber = async () => Number((await server.db.selectFrom('sequences').select('number').where('id', '=', setUp.receivables.ids.sequence).executeTakeFirstOrThrow()).number);
  const line = (run: Row, cls: string, reason: string) => run.totals.lines.filter((l: Row) => l.class === cls && l.reason === reason).map((l: Row) => [l.category, l.range, l.count, l.total]);

  it('classifies every registration in the dry run, first matching line first, and stores nothing but the run', async () => {
    const before = [await accountCount(), await sequenceNumber()];
    const answer = await api('POST', '/api/control_account/geracao/simulacao', { year: 2027 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const run = answer.body.data;
    expect(run).toMatchObject({ kind: 'dry', state: 'done', year: 2027, debt_type_id: setUp.receivables.ids.annuity, run_date: '2026-11-20', done: 8, total: 8 });
    expect(run.totals.registrations).toBe(8);
    expect(line(run, 'billed', 'Valor integral')).toEqual([['Engenheiro civil', 'Integral', 1, '680.00'], ['Engenheiro civil', 'Reduzida', 1, '340.00'], ['Técnico', 'Integral', 1, '408.00']]);
    expect(line(run, 'proportional', 'Proporcional 8/12')).toEqual([['Engenheiro civil', 'Integral', 1, '453.33']]);
    expect(line(run, 'exempt', 'Faixa isenta')).toEqual([['Técnico', 'Isenta', 1, '0.00']]);
    expect(line(run, 'not_charged', 'Inscrição cancelada')).toEqual([['Engenheiro civil', 'Integral', 1, '0.00']]);
    expect(line(run, 'not_charged', 'Situação interrompe cobranças')).toEqual([['Engenheiro civil', 'Integral', 1, '0.00']]);
    expect(line(run, 'not_charged', 'Situação não inicia cobranças')).toEqual([['Engenheiro civil', 'Integral', 1, '0.00']]);
    expect([await accountCount(), await sequenceNumber()]).toEqual(before);
    const shown = await api('GET', `/api/control_account/geracao/${run.id}`);
    expect(shown.body.data).toEqual(run);
  });

  it('refuses bad input on its field in pt-BR: no current contribution, a year with no values, a commit without a dry run of today', async () => {
    const { ids } = setUp.receivables;
    await created(api, '/api/configuracao_arrecadacao', {
      since: '2030-01-01', default_currency_id: ids.currency, balance_totalization_assembly_combination: 2, default_value_rounding_setting_id: ids.rounding, default_value_update_setting_id: ids.flatUpdate,
      default_interest_update_setting_id: ids.interest, default_forfeit_update_setting_id: ids.forfeit, default_amount_amortization_setting_id: ids.amortization, default_agreement_type_id: ids.agreement,
    });
    const none = await api('POST', '/api/control_account/geracao/simulacao', { year: 2030 });
    expect(none).toMatchObject({ status: 422, body: { errors: { year: ['Não há contribuição corrente na configuração de arrecadação em vigor em 01/01/2030.'] } } });
    const noValues = await api('POST', '/api/control_account/geracao', { year: 2028 });
    expect(noValues.status).toBe(422);
    expect(noValues.body.errors.year[0]).toMatch(/^Não há valor da contribuição de 2028 para a faixa "(Integral|Reduzida)" da categoria "(Engenheiro civil|Técnico)"\.$/);
    const badYear = await api('POST', '/api/control_account/geracao', { year: 1999 });
    expect(badYear.status).toBe(422);
    expect(Object.keys(badYear.body.errors)).toEqual(['year']);

    await server.db.updateTable('debt_types').set({ allow_create_without_confirmation: false }).where('id', '=', setUp.receivables.ids.annuity).execute();
    try {
      const message = 'O tipo de débito "Anuidade PF" não permite gerar sem confirmação: informe uma simulação da geração de 2027 feita hoje (20/11/2026).';
      expect(await api('POST', '/api/control_account/geracao', { year: 2027 })).toMatchObject({ status: 422, body: { errors: { dry_run_id: [message] } } });
      const old = await server.db.insertInto('receivable_generations').values({ year: 2027, debt_type_id: setUp.receivables.ids.annuity, kind: 'dry', state: 'done', run_date: '2026-11-19' }).returning('id').executeTakeFirstOrThrow();
      expect(await api('POST', '/api/control_account/geracao', { year: 2027, dry_run_id: Number(old.id) })).toMatchObject({ status: 422, body: { errors: { dry_run_id: [message] } } });
    } finally {
      await server.db.updateTable('debt_types').set({ allow_create_without_confirmation: true }).where('id', '=', setUp.receivables.ids.annuity).execute();
    }
    expect(await server.db.selectFrom('receivable_generations').select('id').where('kind', '=', 'commit').execute()).toEqual([]);
  });

  it('refuses the commit while a registration has no value, naming its range and category', async () => {
    const blocked = await setUp.registration({ contribution_range_id: setUp.registrations.ranges.reduced, category_id: setUp.registrations.categories.engineer });
    await server.db.deleteFrom('contribution_values').where('year', '=', 2027).where('contribution_range_id', '=', setUp.registrations.ranges.reduced).execute();
    const before = await accountCount();
    try {
      const answer = await api('POST', '/api/control_account/geracao', { year: 2027 });
      expect(answer).toMatchObject({ status: 422, body: { errors: { year: ['Não há valor da contribuição de 2027 para a faixa "Reduzida" da categoria "Engenheiro civil".'] } } });
      expect(await accountCount()).toBe(before);
      expect(await server.db.selectFrom('receivable_generations').select('id').where('kind', '=', 'commit').execute()).toEqual([]);
    } finally {
      await created(api, '/api/valores_contribuicao', { debt_type_id: setUp.receivables.ids.annuity, year: 2027, contribution_range_id: setUp.registrations.ranges.reduced, amount: '340.00', due_date: '2027-03-31' });
      await server.db.updateTable('registrations').set({ status: 4 }).where('id', '=', blocked.id).execute();
    }
  });

  it('answers 409 while a commit of the year is queued or running', async () => {
    const running = await server.db.insertInto('receivable_generations')
      .values({ year: 2027, debt_type_id: setUp.receivables.ids.annuity, kind: 'commit', state: 'running', run_date: '2026-11-20', heartbeat_at: new Date(Date.now() + 3_600_000) })
      .returning('id').executeTakeFirstOrThrow();
    try {
      expect(await api('POST', '/api/control_account/geracao', { year: 2027 })).toMatchObject({ status: 409, body: { message: 'Já há uma geração de 2027 em andamento.' } });
    } finally {
      await server.db.deleteFrom('receivable_generations').where('id', '=', running.id).execute();
    }
  });

  it('commits as a queued job: each registration billed once, numbered, with custom fields, history and the credit applied; a second commit bills nothing', async () => {
    // The first registration's party overpays a tax by 50,00: its credit goes to its 2027 annuity.
    const tax = await setUp.receivables.debtType({ denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true });
    const posted = await created(api, '/api/control_account/lancamento', { party_id: setUp.by.full.party_id, debt_type_id: tax, exercise: 2026, principal: '100.00', due_date: '2026-12-10', posting_date: '2026-11-20' });
    await created(api, '/api/control_account/pagamento', { date: '2026-11-20', amount: '150.00', means: 3, control_account_ids: [posted.id] });

    const last = await sequenceNumber();
    const answer = await api('POST', '/api/control_account/geracao', { year: 2027 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.data).toMatchObject({ kind: 'commit', state: 'queued', done: 0 });
    const run = await finished(api, answer.body.data.id);
    expect(run).toMatchObject({ state: 'done', done: run.total, error_reason: null });
    expect(line(run, 'billed', 'Valor integral').map((l: unknown[]) => l[2])).toEqual([1, 1, 1]);

    const billed = await annuities(server.db, 2027);
    const { by } = setUp;
    expect([...billed.keys()].sort((a, b) => a - b)).toEqual([by.full.id, by.reduced.id, by.technician.id, by.proportional.id].sort((a, b) => a - b));
    expect(billed.get(by.reduced.id)).toMatchObject({ principal: '340.00', open_principal: '340.00', due_date: '2027-03-31', posting_date: '2026-11-20', origin: 1, status: 1, party_id: Number(by.reduced.party_id) });
    expect(billed.get(by.reduced.id)!.fields).toEqual({ Categoria: 'Engenheiro civil', 'Faixa de contribuição': 'Reduzida', Situação: 'Ativa' });
    expect(billed.get(by.reduced.id)!.history).toEqual([['2026-11-20', '340.00', 'Lançamento da anuidade 2027']]);
    expect(billed.get(by.technician.id)!.principal).toBe('408.00');
    expect(billed.get(by.proportional.id)).toMatchObject({ principal: '453.33' });
    expect(billed.get(by.proportional.id)!.fields).toMatchObject({ Proporção: '8/12' });
    // The credit of 50,00 paid the new account in part, as a payment by credit.
    expect(billed.get(by.full.id)).toMatchObject({ principal: '680.00', open_principal: '630.00' });
    expect(billed.get(by.full.id)!.history.map((h: unknown[]) => h[2])).toEqual(['Lançamento da anuidade 2027', expect.stringMatching(/^Pagamento de R\$ 50,00 \(Crédito\) nº \d+$/)]);
    // Numbers from the debt type's sequence, none repeated, none skipped.
    const numbers = [...billed.values()].map((account) => Number(/ANU-(\d+)\/2026/.exec(account.formatted_number)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual([last + 1, last + 2, last + 3, last + 4]);
    const audits = await server.db.selectFrom('audits').select('record_id').where('module', '=', 'control_account').where('event', '=', 'created').where('record_id', 'in', [...billed.values()].map((a) => String(a.id))).execute();
    expect(audits).toHaveLength(4);

    const again = await api('POST', '/api/control_account/geracao', { year: 2027 });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const second = await finished(api, again.body.data.id);
    expect(second.totals.lines.filter((l: Row) => l.class === 'billed' || l.class === 'proportional')).toEqual([]);
    expect(line(second, 'already_billed', 'Já lançada').reduce((sum: number, l: unknown[]) => sum + (l[2] as number), 0)).toBe(4);
    expect((await annuities(server.db, 2027)).size).toBe(4);
  });

  it('goes on after its process died mid-run: taken back, nothing billed twice, every registration done', async () => {
    const year = 2029;
    for (const [range, amount] of [[setUp.registrations.ranges.full, '700.00'], [setUp.registrations.ranges.reduced, '350.00']] as const) {
      await created(api, '/api/valores_contribuicao', { debt_type_id: setUp.receivables.ids.annuity, year, contribution_range_id: range, amount, due_date: `${year}-03-31` });
    }
    await created(api, '/api/valores_contribuicao', { debt_type_id: setUp.receivables.ids.annuity, year, contribution_range_id: setUp.registrations.ranges.full, category_id: setUp.technician, amount: '420.00', due_date: `${year}-03-31` });
    const registrations = Number((await server.db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // A process took the commit, wrote its first batch of two registrations and died.
    const run = await server.db.insertInto('receivable_generations')
      .values({ year, debt_type_id: setUp.receivables.ids.annuity, kind: 'commit', state: 'running', run_date: '2026-11-20', attempts: 1, heartbeat_at: new Date(), total: registrations })
      .returning('id').executeTakeFirstOrThrow();
    const context = await yearContext(server.db, server.model, year, '2026-11-20');
    expect(await withEnv({ GENERATION_BATCH_ROWS: '2' }, () => commitBatch(server.db, server.model, Number(run.id), context))).toBe('more');
    expect((await annuities(server.db, year)).size).toBe(2);
    await server.db.updateTable('receivable_generations').set({ heartbeat_at: new Date(Date.now() - 3_600_000) }).where('id', '=', run.id).execute();

    const done = await finished(api, Number(run.id));
    expect(done).toMatchObject({ state: 'done', done: registrations, total: registrations });
    expect(done.totals.registrations).toBe(registrations);
    const billed = await annuities(server.db, year);
    expect(billed.size).toBe(4);
    const attempts = await server.db.selectFrom('receivable_generations').select('attempts').where('id', '=', run.id).executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(2);
  });

  it("bills one registration alone ('Gerar anuidade') by the same classification, once", async () => {
    const late = await setUp.registration();
    const first = await api('POST', `/api/inscricao/${late.id}/gerar_anuidade`, { year: 2027 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ class: 'billed', reason: 'Valor integral', account: { registration_id: late.id, principal: '680.00', origin: 1, exercise: 2027 } });
    const again = await api('POST', `/api/inscricao/${late.id}/gerar_anuidade`, { year: 2027 });
    expect(again.body.data).toEqual({ class: 'already_billed', reason: 'Já lançada', account: null });
    const exempt = await api('POST', `/api/inscricao/${setUp.by.exempt.id}/gerar_anuidade`, { year: 2027 });
    expect(exempt.body.data).toEqual({ class: 'exempt', reason: 'Faixa isenta', account: null });
    expect((await api('POST', '/api/inscricao/999999/gerar_anuidade', { year: 2027 })).status).toBe(404);
    const blocked = await api('POST', `/api/inscricao/${late.id}/gerar_anuidade`, { year: 2028 });
    expect(blocked).toMatchObject({ status: 422, body: { errors: { year: ['Não há valor da contribuição de 2028 para a faixa "Integral" da categoria "Engenheiro civil".'] } } });
  });

  it('bills a registration entering charges (§5): proportional from the entry, due 30 days on when the year\'s due date passed, origin 3, once', async () => {
    const entering = await setUp.registration({ situation_id: setUp.registrations.situations.review });
    expect((await annuities(server.db, 2026)).has(entering.id)).toBe(false);
    const { data: form } = (await api('GET', `/api/inscricao/${entering.id}`)).body;
    const { id: _id, created_at: _c, updated_at: _u, registration_expiration_date: _e, sequence_auto: _s, ...body } = form;
    const moved = await api('PUT', `/api/inscricao/${entering.id}`, { ...body, situation_id: setUp.registrations.situations.active, situation_date: '2026-11-20' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const account = (await annuities(server.db, 2026)).get(entering.id);
    // Monthly on day 15 from 20/11/2026: December alone, 1/12 of 650,00.
    expect(account).toMatchObject({ principal: '54.17', due_date: '2026-12-20', origin: 3, status: 1, posting_date: '2026-11-20' });
    expect(account!.fields).toMatchObject({ Proporção: '1/12', Situação: 'Ativa' });

    const suspended = await api('PUT', `/api/inscricao/${entering.id}`, { ...body, situation_id: setUp.registrations.situations.suspended, situation_date: '2026-11-20' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    const back = await api('PUT', `/api/inscricao/${entering.id}`, { ...body, situation_id: setUp.registrations.situations.active, situation_date: '2026-11-20' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await server.db.selectFrom('control_accounts').select('id').where('registration_id', '=', entering.id).execute())).toHaveLength(1);
  });

  it('refuses every generation route without controlAccount.generate (403), nothing written', async () => {
    const clerk = await userWith(server, [{ name: 'controlAccount.post' }, { name: 'controlAccount.show' }]);
    const as = call(server, clerk.token);
    const before = await server.db.selectFrom('receivable_generations').select('id').execute();
    expect((await as('POST', '/api/control_account/geracao/simulacao', { year: 2027 })).status).toBe(403);
    expect((await as('POST', '/api/control_account/geracao', { year: 2027 })).status).toBe(403);
    expect((await as('GET', `/api/control_account/geracao/${before[0]!.id}`)).status).toBe(403);
    expect((await as('POST', `/api/inscricao/${setUp.by.full.id}/gerar_anuidade`, { year: 2028 })).status).toBe(403);
    expect(await server.db.selectFrom('receivable_generations').select('id').execute()).toEqual(before);
  });
});
