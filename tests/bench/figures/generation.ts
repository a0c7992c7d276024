import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { MIGRATIONS } from '../../../src/server/features.js';
import { registrationSetUp } from '../../registrations/support/configuration.js';
import { setUpReceivables, type Api } from '../../receivables/api-support.js';
import { listenApi, postgresKysely, type RunningApi } from '../support/api.js';
import { createBenchDatabase } from '../support/postgres.js';
import { infoRow, ratioRow, type Row } from '../support/report.js';

/** The issue's targets: 100,000 registrations' annuities committed in 60 s, at most 1.5× plain inserts, memory flat. */
const COMMIT_SECONDS_PER_100K = 60;
const TARGET = 1.5;
const BATCH = 1_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function fetchApi(api: RunningApi): Api {
  return async (method, url, payload) => {
    const response = await fetch(`${api.base}${url}`, {
      method, headers: { authorization: `Bearer ${api.token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: response.status, body: await response.json() };
  };
}

/** The registrations, all 'Ativa' since 2020, a quarter in the reduced range: one insert … select each for their parties and themselves. */
async function seedRegistrations(db: Kysely<any>, rows: number, ids: { category: number; type: number; phase: number; situation: number; full: number; reduced: number }) {
  const partyType = await db.selectFrom('party_types').select('id').where('behave_like', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  await sql`insert into parties (name, behave_like, party_type_id) select 'Profissional ' || n, 1, ${partyType.id}::bigint from generate_series(1, ${rows}) n`.execute(db);
  await sql`insert into registrations (person_type, party_id, category_id, registration_type_id, registration_phase_id, situation_id, situation_date, contribution_range_id, status, registration_date)
            select 1, p.id, ${ids.category}::bigint, ${ids.type}::bigint, ${ids.phase}::bigint, ${ids.situation}::bigint, '2020-01-01', case when p.id % 4 = 0 then ${ids.reduced}::bigint else ${ids.full}::bigint end, 1, '2020-01-01'
              from parties p where p.name like 'Profissional %'`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

/**
 * The same accounts, custom fields, balance-history rows and audit rows the commit wrote, inserted
 * through `pg` a batch of 1,000 registrations per transaction, one multi-row statement per table
 * (exercise 2028, so that the unique index of the annuities lets them in).
 */
async function bareInserts(pool: pg.Pool, debtTypeId: number, rows: number): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows: registrations } = await client.query<{ id: string; party_id: string; reduced: boolean }>(
      `select r.id, r.party_id, f.denomination = 'Reduzida' as reduced from registrations r join contribution_ranges f on f.id = r.contribution_range_id order by r.id limit $1`, [rows]);
    for (let start = 0; start < registrations.length; start += BATCH) {
      const batch = registrations.slice(start, start + BATCH);
      await client.query('begin');
      const values = batch.map((r, i) => `('PG-${String(start + i + 1).padStart(6, '0')}/2026', ${r.party_id}, ${r.id}, ${debtTypeId}, 2028, '${r.reduced ? '340.00' : '680.00'}', '${r.reduced ? '340.00' : '680.00'}', '2028-03-31', '2026-11-29', 1, 1)`);
      const { rows: accounts } = await client.query<{ id: string }>(
        `insert into control_accounts (formatted_number, party_id, registration_id, debt_type_id, exercise, principal, open_principal, due_date, posting_date, origin, status) values ${values.join(', ')} returning id`);
      const fields = accounts.flatMap((a, i) => [`(${a.id}, 'Categoria', 'Engenheiro civil')`, `(${a.id}, 'Faixa de contribuição', '${batch[i]!.reduced ? 'Reduzida' : 'Integral'}')`, `(${a.id}, 'Situação', 'Ativa')`]);
      await client.query(`insert into control_account_custom_fields (control_account_id, name, value) values ${fields.join(', ')}`);
      await client.query(`insert into control_account_balance_histories (control_account_id, date, balance, notes) values ${accounts.map((a, i) => `(${a.id}, '2026-11-29', '${batch[i]!.reduced ? '340.00' : '680.00'}', 'Lançamento da anuidade 2028')`).join(', ')}`);
      const audit = (i: number) => JSON.stringify({
        formatted_number: `PG-${start + i + 1}/2026`, party_id: Number(batch[i]!.party_id), registration_id: Number(batch[i]!.id), debt_type_id: debtTypeId, exercise: 2028, principal: '680.00', open_principal: '680.00',
        due_date: '2028-03-31', posting_date: '2026-11-29', origin: 1, status: 1, value_update_setting_id: 1, interest_update_setting_id: 1, forfeit_update_setting_id: 1, amount_amortization_setting_id: 1,
        custom_field_list: [{ name: 'Categoria', value: 'Engenheiro civil' }, { name: 'Faixa de contribuição', value: 'Integral' }, { name: 'Situação', value: 'Ativa' }],
      });
      await client.query(`insert into audits (event, user_id, module, record_id, new_values) values ${accounts.map((a, i) => `('created', null, 'control_account', ${a.id}, '${audit(i)}')`).join(', ')}`);
      await client.query('commit');
    }
  } finally {
    client.release();
  }
}

/**
 * Figure 14: the annual generation's commit (docs/RECEIVABLES.md §4) of BENCH_GENERATION_ROWS
 * registrations (100,000) on a fresh PostgreSQL database, the background job followed until done,
 * against 60 s per 100,000 and against the same rows inserted through `pg` in the same run (target
 * ≤ 1.5×); the process's heap before, at its peak during (sampled every 100 ms) and after the
 * commit (flat: the job holds a batch at a time).
 */
export async function generationFigures(rows: number, log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const db = postgresKysely(target.url);
  const pool = new pg.Pool({ connectionString: target.url, max: 2 });
  let running: RunningApi | undefined;
  try {
    await migrateToLatest(db, MIGRATIONS.space);
    await seedReferenceData(db);
    running = await listenApi(db);
    const api = fetchApi(running);
    const post = async (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
      const answer = await api(method, path, body);
      if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body.data;
    };
    const registrations = await registrationSetUp(post);
    const { situations, ranges, categories } = registrations;
    await db.updateTable('situations').set({ initiates_contribution_charges: true, contribution_charge: true }).where('id', '=', situations.active).execute();
    const seeding = performance.now();
    await seedRegistrations(db, rows, { category: categories.engineer, type: registrations.type, phase: registrations.phases.definitive, situation: situations.active, full: ranges.full, reduced: ranges.reduced });
    log(`figure 14: ${rows.toLocaleString('en')} registrations seeded in ${seconds(performance.now() - seeding)}`);
    const first = await db.selectFrom('registrations').select(['id', 'party_id']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const receivables = await setUpReceivables(running.model, api, { registration: async () => ({ id: Number(first.id), party_id: Number(first.party_id), contribution_range_id: ranges.full, category_id: categories.engineer }) });
    for (const [range, amount] of [[ranges.full, '680.00'], [ranges.reduced, '340.00']] as const) {
      await post('/api/valores_contribuicao', { debt_type_id: receivables.ids.annuity, year: 2027, contribution_range_id: range, amount, due_date: '2027-03-31' });
    }

    const dry = performance.now();
    const dryRun = await post('/api/control_account/geracao/simulacao', { year: 2027 });
    const dryMs = performance.now() - dry;
    log(`figure 14: dry run in ${seconds(dryMs)}: ${JSON.stringify(dryRun.totals.lines.map((l: Record<string, unknown>) => [l.class, l.range, l.count, l.total]))}`);

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 100);
    const committing = performance.now();
    const started = await post('/api/control_account/geracao', { year: 2027 });
    let run;
    for (;;) {
      run = (await api('GET', `/api/control_account/geracao/${started.id}`)).body.data;
      if (run.state === 'done' || run.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const committed = performance.now() - committing;
    clearInterval(sampler);
    global.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    if (run.state !== 'done') throw new Error(`generation failed: ${run.error_reason}`);
    const billed = Number((await db.selectFrom('control_accounts').select((eb) => eb.fn.countAll().as('n')).where('exercise', '=', 2027).executeTakeFirstOrThrow()).n);
    if (billed !== rows) throw new Error(`generation billed ${billed} of ${rows}`);
    log(`figure 14: committed in ${seconds(committed)}; heap ${megabytes(heapBefore)} → peak ${megabytes(heapPeak)} → after ${megabytes(heapAfter)}`);

    const inserting = performance.now();
    await bareInserts(pool, receivables.ids.annuity, rows);
    const bare = performance.now() - inserting;
    log(`figure 14: the same rows through pg in ${seconds(bare)}`);

    const what = `${rows.toLocaleString('en')} registrations`;
    return [
      infoRow('14', `generation: dry run, ${what}`, seconds(dryMs)),
      ratioRow('14', `generation: commit, ${what}`, committed, (COMMIT_SECONDS_PER_100K * rows) / 100_000 * 1000, 1, seconds, 'baseline: the time allowed (60 s per 100,000 registrations)'),
      ratioRow('14', 'generation: commit vs the same rows through pg', committed, bare, TARGET, seconds, 'pg: a transaction per 1,000 registrations, one multi-row insert per table'),
      infoRow('14', 'generation: heap before → peak during → after the commit', `${megabytes(heapBefore)} → ${megabytes(heapPeak)} → ${megabytes(heapAfter)}`, '—', '—',
        global.gc ? 'before and after collected (--expose-gc)' : 'uncollected: NODE_OPTIONS=--expose-gc collects before and after'),
    ];
  } finally {
    await running?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
