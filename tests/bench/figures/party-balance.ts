import pg from 'pg';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { MIGRATIONS } from '../../../src/server/features.js';
import { creator } from '../../api/support/bodies.js';
import { registrationSetUp } from '../../registrations/support/configuration.js';
import { setUpReceivables, type Api } from '../../receivables/api-support.js';
import { listenApi, postgresKysely, StatementRecorder, type RunningApi } from '../support/api.js';
import type { BenchConfig } from '../support/config.js';
import { get } from '../support/http.js';
import { createBenchDatabase } from '../support/postgres.js';
import { replay, waves } from '../support/replay.js';
import { infoRow, ms, type Row } from '../support/report.js';
import { alternate, median, percentile } from '../support/stats.js';

/** The party's open accounts, and how far the API may be from the SQL it runs (p50). */
const ACCOUNTS = 30;
const ALLOWANCE_MS = 2;
/** The date asked: most accounts overdue by then, so the balances carry correction, interest and forfeit. */
const DATE = '2026-12-31';

function fetchApi(api: RunningApi): Api {
  return async (method, url, payload) => {
    const response = await fetch(`${api.base}${url}`, {
      method, headers: { authorization: `Bearer ${api.token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: response.status, body: await response.json() };
  };
}

/**
 * Figure 15: a party's balance at a date (`GET /api/partes/{id}/saldo?data=`, docs/RECEIVABLES.md §6)
 * with ACCOUNTS open accounts (a tax posted by hand, due from 2021 to 2026, corrected by a monthly
 * series, 1 % a month of interest, 2 % forfeit) on a fresh PostgreSQL database,
 * through the API (real HTTP, admin token) against the statements one warm request runs, recorded
 * through the Kysely log hook and replayed through `pg` in the same groups, in alternate rounds;
 * p50 within +ALLOWANCE_MS.
 */
export async function partyBalanceFigures(config: BenchConfig, log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const recorder = new StatementRecorder();
  const db = postgresKysely(target.url, recorder.log);
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  pool.on('error', () => {});
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
    // The registration of a person of the seeded space's states and municipalities.
    const registrations = await registrationSetUp(post);
    const create = creator(running.model, (url, body) => api('POST', url, body), undefined, (url) => api('GET', url), true);
    const person = await create('pessoa_fisica');
    const partyId = Number(create.records!.get(`pessoa_fisica:${person}`)!.party_id);
    const registration = await post('/api/inscricao', {
      person_type: 1, party_id: partyId, category_id: registrations.categories.engineer, registration_type_id: registrations.type,
      registration_phase_id: registrations.phases.definitive, situation_id: registrations.situations.active, contribution_range_id: registrations.ranges.full,
    });
    const setUp = await setUpReceivables(running.model, api, {
      registration: async () => ({ id: Number(registration.id), party_id: partyId, contribution_range_id: registrations.ranges.full, category_id: registrations.categories.engineer }),
    });
    // A monthly series from 2020 on, so that every account's correction has its index numbers.
    const months = Array.from({ length: 84 }, (_, i) => {
      const end = new Date(Date.UTC(2020, i + 1, 0));
      return { date: end.toISOString().slice(0, 10), index_number: `${1000 + 4 * i}.00000000` };
    });
    const series = await post('/api/series_indicador', { denomination: 'Índice mensal', periodicity: 'M', histories: months });
    const update = await post('/api/configuracao_atualizacao_valor', { denomination: 'Pelo índice mensal', configs: [{ since: '2000-01-01', indicator_serie_id: series.id }] });
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true, value_update_setting_id: update.id });
    const { party_id: party } = setUp.registration;
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const year = 2021 + (i % 6);
      const body = { party_id: party, debt_type_id: tax, exercise: year, principal: `${100 + i * 7}.${String(i * 3 % 100).padStart(2, '0')}`, due_date: `${year}-${String(1 + (i % 12)).padStart(2, '0')}-10`, posting_date: '2026-01-02' };
      const answer = await api('POST', '/api/control_account/lancamento', body);
      if (answer.status !== 201) throw new Error(`posting ${i + 1}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    const path = `/api/partes/${party}/saldo?data=${DATE}`;
    const headers = { authorization: `Bearer ${running.token}` };
    const call = async () => {
      const answer = await get(`${running!.base}${path}`, headers);
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
      return answer.body;
    };
    for (let i = 0; i < 5; i += 1) await call();
    let body = '';
    const statements = await recorder.during(async () => (body = await call()));
    const answer = JSON.parse(body).data as { total: string; accounts: unknown[] };
    if (answer.accounts.length !== ACCOUNTS) throw new Error(`the party's balance shows ${answer.accounts.length} accounts, not ${ACCOUNTS}`);
    const groups = waves(statements);
    log(`figure 15: ${ACCOUNTS} accounts, total R$ ${answer.total}, ${statements.length} statements in ${groups.length} sequential groups`);
    const slowest = [...statements].sort((a, b) => (b.end - b.start) - (a.end - a.start)).slice(0, 3);
    log(`figure 15: slowest statements: ${slowest.map((st) => `${(st.end - st.start).toFixed(1)} ms ${st.sql.replace(/\s+/g, " ").trim().slice(0, 160)}`).join(' | ')}`);
    const samples = await alternate({ api: call, sql: () => replay(pool, groups) }, config.rounds);
    // The processor time of this process per call (the server, its client and pg's): less moved by a busy machine than the wall clock.
    const cpuPer = async (work: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      for (let i = 0; i < 100; i += 1) await work();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000 / 100;
    };
    const cpu = { api: await cpuPer(call), sql: await cpuPer(() => replay(pool, groups)) };
    const apiMs = median(samples.api);
    const sqlMs = median(samples.sql);
    const extra = apiMs - sqlMs;
    return [
      {
        figure: '15', name: `party balance at a date, ${ACCOUNTS} accounts, p50: API vs same SQL via pg`, value: ms(apiMs), baseline: ms(sqlMs),
        ratio: `+${extra.toFixed(2)} ms`, target: `≤ +${ALLOWANCE_MS} ms`, verdict: extra <= ALLOWANCE_MS ? 'PASS' : 'MISS',
        note: `${statements.length} statements (${groups.length} sequential groups) replayed`,
      },
      infoRow('15', 'party balance p95: API, same SQL via pg', ms(percentile(samples.api, 95)), ms(percentile(samples.sql, 95))),
      infoRow('15', 'party balance, processor time per call in this process: API vs same SQL via pg', ms(cpu.api), ms(cpu.sql), `+${(cpu.api - cpu.sql).toFixed(2)} ms`),
    ];
  } finally {
    await running?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
