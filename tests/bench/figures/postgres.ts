import pg from 'pg';
import { sql } from 'kysely';
import { MAX_OFFSET_DEPTH } from '../../../src/server/core/resources/list-query.js';
import { listenApi, postgresKysely, StatementRecorder } from '../support/api.js';
import type { BenchConfig } from '../support/config.js';
import { createBenchDatabase } from '../support/postgres.js';
import type { Row } from '../support/report.js';
import { RARE_WORD } from '../support/seed-cities.js';
import { prepareSpace } from '../support/space.js';
import { deepPage, listLatency, recordCase, totalCost, type PostgresContext } from './list-latency.js';
import { listThroughput } from './throughput.js';

/** Figures 1–3 on a fresh `bench_<random>` PostgreSQL database with the seeded municipalities. */
export async function postgresFigures(config: BenchConfig, workDir: string, log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  const recorder = new StatementRecorder();
  const db = postgresKysely(target.url, recorder.log);
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  let api: Awaited<ReturnType<typeof listenApi>> | undefined;
  try {
    const seeded = await prepareSpace(db, config.rows);
    log(`PostgreSQL: ${seeded.cities.toLocaleString('en')} municipalities seeded in ${seeded.seconds.toFixed(0)} s`);
    api = await listenApi(db);
    const ctx: PostgresContext = { api, recorder, pool, rounds: config.rounds, table: 'cities' };
    const { rows: [sp] } = await sql<{ id: number }>`select id from states where initials = 'SP'`.execute(db);
    const cases = [
      await recordCase(ctx, 'first page', '/api/municipios'),
      await recordCase(ctx, 'filter uf_id + sort ibge_code desc', `/api/municipios?filter=${encodeURIComponent(JSON.stringify({ uf_id: Number(sp.id) }))}&sort=ibge_code&order=desc`),
      await recordCase(ctx, `q search '${RARE_WORD}'`, `/api/municipios?q=${RARE_WORD}`),
    ];
    const rows: Row[] = [];
    if (config.only.has('1')) {
      rows.push(...(await listLatency(ctx, cases)));
    }
    if (config.only.has('2')) {
      rows.push(...(await listThroughput({ url: target.url, token: api.token, statements: cases[0].statements, workDir, connections: 8, seconds: 5 })));
    }
    if (config.only.has('3')) {
      rows.push(...(await totalCost(ctx, cases)));
      const { rows: [{ n }] } = await sql<{ n: number }>`select count(*)::int n from cities`.execute(db);
      rows.push(...(await deepPage(ctx, n, MAX_OFFSET_DEPTH)));
    }
    return rows;
  } finally {
    await api?.app.close();
    await pool.end();
    await db.destroy();
    await target.drop();
  }
}
