import pg from 'pg';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedReferenceData } from '../../../src/server/core/seed/index.js';
import { MIGRATIONS } from '../../../src/server/features.js';
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
 * with ACCOUNTS open accounts of two debt types (an annuity a year and taxes, due from 2021 to 2026,
 * the IPCA's series and 1 % a month of interest, 2 % forfeit) on a fresh PostgreSQL database,
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
    const setUp = await setUpReceivables(running.model, api);
    const tax = await setUp.debtType({ denomination: 'Taxa de expediente', characteristic: 2, is_dynamic: true, allow_create_without_confirmation: true, value_update_setting_id: setUp.ids.ipcaUpdate });
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
    const samples = await alternate({ api: call, sql: () => replay(pool, groups) }, config.rounds);
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
    ];
  } finally {
    await running?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
