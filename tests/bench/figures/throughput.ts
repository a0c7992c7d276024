import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChild } from '../support/child.js';
import { throughput } from '../support/http.js';
import { atLeastRow, type Row } from '../support/report.js';
import { ROOT, type Statement } from '../support/api.js';

export interface ThroughputOptions {
  url: string;
  token: string;
  statements: Statement[];
  workDir: string;
  connections: number;
  seconds: number;
}

/**
 * Figure 2: requests per second of the first page, the product's API vs a bare Fastify handler
 * running the same statements, each in a process of its own, in turns (bare, API, bare, API).
 */
export async function listThroughput(options: ThroughputOptions): Promise<Row[]> {
  const file = join(options.workDir, 'first-page-statements.json');
  writeFileSync(file, JSON.stringify(options.statements));
  const script = 'tests/bench/support/serve.ts';
  const headers = { authorization: `Bearer ${options.token}` };
  const totals = { api: 0, bare: 0 };
  let errors = 0;
  for (let turn = 0; turn < 2; turn++) {
    for (const mode of ['bare', 'api'] as const) {
      const server = await startChild(script, mode === 'bare' ? [mode, options.url, file] : [mode, options.url], /PORT (\d+)/, { cwd: ROOT });
      try {
        const url = `http://127.0.0.1:${server.match[1]}/api/municipios`;
        await throughput(url, headers, options.connections, 1);
        const result = await throughput(url, headers, options.connections, options.seconds);
        totals[mode] += result.rps / 2;
        errors += result.errors;
      } finally {
        await server.stop();
      }
    }
  }
  const rps = (n: number) => `${Math.round(n).toLocaleString('en')} req/s`;
  return [atLeastRow('2', `first page throughput, ${options.connections} connections × ${options.seconds} s: API vs bare Fastify + pg`, totals.api, totals.bare, 0.85, rps,
    errors ? `${errors} answers other than 200` : 'mean of two turns each, 1 s warm-up before each')];
}
