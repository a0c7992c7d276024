import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync, spawn } from 'node:child_process';
import { ROOT } from '../support/api.js';
import { startChild, TSX } from '../support/child.js';
import { get } from '../support/http.js';
import { infoRow, ratioRow, times, type Row } from '../support/report.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Milliseconds from spawning `tsx <script>` (or `runner <script>`) until `/api/health` answers 200
 * (bounded), and the line where the product says what its start spent (main.ts), when it says one.
 */
async function timeToHealth(script: string, env: NodeJS.ProcessEnv, runner?: string): Promise<number> {
  return (await startTimed(script, env, runner)).ms;
}

async function startTimed(script: string, env: NodeJS.ProcessEnv, runner?: string): Promise<{ ms: number; phases: string }> {
  const start = performance.now();
  const server = await startChild(script, [], /http:\/\/[^\s]+:(\d+)/, { cwd: ROOT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env }, timeoutMs: 180_000, runner });
  try {
    const url = `http://127.0.0.1:${server.match[1]}/api/health`;
    for (let i = 0; i < 2000; i++) {
      const answer = await get(url).catch(() => ({ status: 0 }));
      if (answer.status === 200) {
        const ms = performance.now() - start;
        // The line follows the address: wait for it briefly (an older server does not print it).
        for (let j = 0; j < 50 && !/Início em .*\n/.test(server.output()); j++) await new Promise((r) => setTimeout(r, 20));
        return { ms, phases: server.output().match(/Início em (.*)\n/)?.[1] ?? '' };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${script}: /api/health never answered 200`);
  } finally {
    await server.stop();
  }
}

/** A note that names the start's phases as the product reported them. */
const spent = (phases: string, note?: string) => [note, phases && `the product's account: ${phases}`].filter(Boolean).join('; ');

/** Milliseconds a `tsx <script> …args` process takes to finish, and its exit code. */
function timeProcess(args: string[]): Promise<{ ms: number; code: number | null }> {
  const start = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(TSX, args, { cwd: ROOT, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ ms: performance.now() - start, code });
    });
  });
}

/**
 * Figure 7: the generator over every schema (`--check`: everything but writing) against only
 * loading and normalising them; the product's first start on an empty data folder and a warm
 * restart against a bare Fastify start, each to `/api/health` answering.
 */
export async function startupFigures(log: (line: string) => void): Promise<Row[]> {
  const load = await timeProcess(['tests/bench/support/load-model.ts']);
  const generate = await timeProcess(['generator/cli.ts', '--check']);
  const rows: Row[] = [
    {
      ...ratioRow('7', 'generator over all schemas (generate:check) vs load + normalise only', generate.ms, load.ms, Infinity, seconds),
      target: '≤ 10 s (absolute)', verdict: generate.ms <= 10_000 ? 'PASS' : 'MISS',
      note: `both are whole tsx processes${generate.code === 0 ? '' : `; generate:check exited ${generate.code} (generated/ differs from the schemas in this tree)`}`,
    },
  ];
  log('generator timed');
  const bare = await timeToHealth('tests/bench/support/bare-fastify.ts', {});
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: 'senha-do-bench-2026', DATABASE_URL: '' };
    const first = await startTimed('src/server/main.ts', env);
    const warm = await startTimed('src/server/main.ts', env);
    rows.push(
      infoRow('7', 'first start on an empty data folder (PGlite) vs bare Fastify start, to /api/health', seconds(first.ms), seconds(bare), times(first.ms / bare), spent(first.phases, 'creates the databases, migrates, seeds the reference data, creates the administrator')),
      infoRow('7', 'warm restart on the same data folder vs bare Fastify start, to /api/health', seconds(warm.ms), seconds(bare), times(warm.ms / bare), spent(warm.phases)),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push(...(await npmStartFigures(bare)));
  return rows;
}

const absoluteRow = (name: string, value: number, bare: number, target: number, note?: string): Row => ({
  ...infoRow('7', name, seconds(value), seconds(bare), times(value / bare), note),
  target: `≤ ${seconds(target)} (absolute)`, verdict: value <= target ? 'PASS' : 'MISS',
});

/**
 * What `npm start` costs once `npm install` has built the client and the server (its `prepare`
 * step): `node scripts/start.mjs` on an empty data folder (≤ 15 s) and again on the same folder
 * (≤ 3 s), each from spawning to `/api/health` answering, against the bare Fastify start.
 */
async function npmStartFigures(bare: number): Promise<Row[]> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-npm-start-'));
  try {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: 'senha-do-bench-2026', DATABASE_URL: '' };
    const first = await startTimed('scripts/start.mjs', env, process.execPath);
    const warm = await startTimed('scripts/start.mjs', env, process.execPath);
    return [
      absoluteRow('npm start after install, empty data folder (PGlite) vs bare Fastify start, to /api/health', first.ms, bare, 15_000, spent(first.phases, 'node scripts/start.mjs: nothing to build (the build stamps match), the compiled server creates and seeds the databases')),
      absoluteRow('npm start after install, warm restart vs bare Fastify start, to /api/health', warm.ms, bare, 3_000, spent(warm.phases)),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
