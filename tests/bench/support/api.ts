import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { loadModel, type Model } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import { ensureAdministrator } from '../../../src/server/features/auth/index.js';
import { loadConfig } from '../../../src/server/core/config.js';
import { createPool } from '../../../src/server/core/db/pg-pool.js';
import { preparingPool } from '../../../src/server/core/db/prepared.js';
import { logIn } from './http.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const ADMIN_EMAIL = 'admin@bench.test';
export const ADMIN_PASSWORD = 'senha-do-bench-2026';

/** One statement the server ran, with when it started and ended (ms, performance clock). */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  start: number;
  end: number;
}

/** Records the statements a Kysely instance runs while `recording` is on. */
export class StatementRecorder {
  recording = false;
  statements: Statement[] = [];
  readonly log = (event: LogEvent) => {
    if (!this.recording || event.level !== 'query') return;
    const end = performance.now();
    this.statements.push({ sql: event.query.sql, parameters: event.query.parameters, start: end - event.queryDurationMillis, end });
  };
  async during(work: () => Promise<unknown>): Promise<Statement[]> {
    this.statements = [];
    this.recording = true;
    try {
      await work();
    } finally {
      this.recording = false;
    }
    return this.statements;
  }
}

/** A Kysely on PostgreSQL built as `openDatabase` builds it (pool of 10), plus a log hook. */
export function postgresKysely(url: string, log?: (event: LogEvent) => void, max = 10): Kysely<any> {
  return new Kysely<any>({ dialect: new PostgresDialect({ pool: preparingPool(createPool({ connectionString: url, max })) }), log });
}

export interface RunningApi {
  app: FastifyInstance;
  base: string;
  token: string;
  model: Model;
}

/** The whole API (as `main.ts` serves it, on one space) listening on 127.0.0.1, admin logged in. */
export async function listenApi(db: Kysely<any>): Promise<RunningApi> {
  await ensureAdministrator(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const model = loadModel(ROOT);
  const config = loadConfig({ ADMIN_EMAIL, ADMIN_PASSWORD }, ROOT);
  const app = await buildApp({ config, model, tenancy: { space: { name: 'default', db } }, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, token: await logIn(base, ADMIN_EMAIL, ADMIN_PASSWORD), model };
}
