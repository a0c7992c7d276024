/**
 * A server in a process of its own for the throughput figure, so the load generator does not share
 * its event loop: `serve.ts api <database-url>` is the product's API; `serve.ts bare <database-url>
 * <statements.json>` is a bare Fastify handler replaying the recorded statements through `pg`.
 * Prints `PORT <n>` once listening on 127.0.0.1; stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/core/config.js';
import { createPool } from '../../../src/server/core/db/pg-pool.js';
import { postgresKysely, ROOT, type Statement } from './api.js';
import { pageStatement, replay, waves } from './replay.js';

async function bareServer(url: string, statementsFile: string): Promise<FastifyInstance> {
  const statements: Statement[] = JSON.parse(readFileSync(statementsFile, 'utf8'));
  const groups = waves(statements);
  const ordered = groups.flat();
  const pageIndex = ordered.indexOf(ordered.find((s) => s.sql === pageStatement(statements).sql)!);
  const countIndex = ordered.findIndex((s) => /count\(\*\)/i.test(s.sql));
  const pool = createPool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/api/municipios', async () => {
    const results = await replay(pool, groups);
    return { data: results[pageIndex].rows, meta: { total: Number(results[countIndex]?.rows[0]?.count ?? 0), page: 1, per_page: 25 } };
  });
  app.addHook('onClose', () => pool.end());
  return app;
}

async function apiServer(url: string): Promise<FastifyInstance> {
  const db = postgresKysely(url);
  const app = await buildApp({ config: loadConfig({}, ROOT), tenancy: { space: { name: 'default', db } }, logger: false });
  app.addHook('onClose', () => db.destroy());
  return app;
}

const [mode, url, statementsFile] = process.argv.slice(2);
const app = mode === 'bare' ? await bareServer(url, statementsFile) : await apiServer(url);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
