/**
 * The annual generation under concurrency, on both databases (docs/RECEIVABLES.md §4, 'Idempotent'):
 * two commits of a year asked at once bill each registration once (the second 409 or billing
 * nothing); 'Gerar anuidade' of registrations beside a running commit bills each once; two processes
 * holding one commit (one presumed dead) write every batch once. The numbers drawn stay unrepeated
 * and without gaps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { runCommit } from '../../src/server/features/receivables/generation-job.js';
import { created, type Api } from './api-support.js';
import { annuities, CLOCK, finished, setUpGeneration, withEnv, type GenerationSetUp } from './generation-support.js';

for (const kind of DATABASE_KINDS) describe(`annual generation at once [${kind}]`, () => {
  let server: TestServer;
  let api: Api;
  let setUp: GenerationSetUp;

  beforeAll(async () => {
    server = await withEnv({ GENERATION_INTERVAL_MS: '50' }, () => startTestServer(kind, { clock: CLOCK }));
    api = call(server, server.adminToken);
    setUp = await setUpGeneration(server, api);
    for (let i = 0; i < 12; i++) await setUp.registration({ contribution_range_id: i % 2 ? setUp.registrations.ranges.reduced : setUp.registrations.ranges.full });
    for (const year of [2028, 2029]) {
      for (const [range, amount, category_id] of [[setUp.registrations.ranges.full, '700.00', null], [setUp.registrations.ranges.reduced, '350.00', null], [setUp.registrations.ranges.full, '420.00', setUp.technician]] as const) {
        await created(api, '/api/valores_contribuicao', { debt_type_id: setUp.receivables.ids.annuity, year, contribution_range_id: range, category_id, amount, due_date: `${year}-03-31` });
      }
    }
  }, 300_000);

  afterAll(async () => server?.close());

  /** The numbers of every account, which must be 1…n: none repeated, none skipped. */
  const expectNumbersWithoutGaps = async () => {
    const numbers = (await server.db.selectFrom('control_accounts').select('formatted_number').execute()).map((row) => Number(/ANU-(\d+)\//.exec(row.formatted_number)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  };

  it('bills each registration once when two commits of the year are asked at once', async () => {
    const answers = await Promise.all([api('POST', '/api/control_account/geracao', { year: 2027 }), api('POST', '/api/control_account/geracao', { year: 2027 })]);
    for (const answer of answers) expect([202, 409], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 202)).toBe(true);
    for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.message).toBe('Já há uma geração de 2027 em andamento.');
    for (const answer of answers.filter((one) => one.status === 202)) expect((await finished(api, answer.body.data.id)).state).toBe('done');
    // Full 8 + reduced 6 of the twelve, with the set-up's full, reduced, technician and proportional.
    expect((await annuities(server.db, 2027)).size).toBe(16);
    await expectNumbersWithoutGaps();
  });

  it("bills each registration once when 'Gerar anuidade' runs beside a commit", async () => {
    const { by } = setUp;
    const [commit, ...alone] = await Promise.all([
      api('POST', '/api/control_account/geracao', { year: 2028 }),
      ...[by.full, by.reduced, by.technician, by.full].map((registration) => api('POST', `/api/inscricao/${registration.id}/gerar_anuidade`, { year: 2028 })),
    ]);
    expect(commit!.status, JSON.stringify(commit!.body)).toBe(202);
    for (const answer of alone) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await finished(api, commit!.body.data.id)).state).toBe('done');
    const billed = await annuities(server.db, 2028);
    expect(billed.size).toBe(16);
    expect(billed.get(by.technician.id)!.principal).toBe('420.00');
    await expectNumbersWithoutGaps();
  });

  it('writes every batch once when two processes hold one commit', async () => {
    const registrations = Number((await server.db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const run = await server.db.insertInto('receivable_generations')
      .values({ year: 2029, debt_type_id: setUp.receivables.ids.annuity, kind: 'commit', state: 'running', run_date: '2026-11-20', attempts: 1, heartbeat_at: new Date(), total: registrations })
      .returning('id').executeTakeFirstOrThrow();
    const signal = new AbortController().signal;
    await withEnv({ GENERATION_BATCH_ROWS: '3' }, () => Promise.all([runCommit(server.db, server.model, Number(run.id), signal), runCommit(server.db, server.model, Number(run.id), signal)]));
    const done = await finished(api, Number(run.id));
    expect(done).toMatchObject({ state: 'done', done: registrations });
    expect(done.totals.registrations).toBe(registrations);
    expect((await annuities(server.db, 2029)).size).toBe(16);
    await expectNumbersWithoutGaps();
  });
});
