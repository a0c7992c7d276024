/**
 * `npm run soak`: the embedded product, as `npm start` runs it, under a mix of what staff do all day
 * (lists, searches, records opened, created, edited and deleted, combos, the profile), with idle
 * gaps longer than every timeout the product has, for SOAK_MINUTES (default 10). It fails on any
 * error and when the server's memory grows: the mean resident size of the last third of the run
 * may exceed that of the first third (after a minute's warm-up) by at most SOAK_MEMORY_GROWTH
 * (default 0.15). Not part of `npm test`: it is a run of minutes by design.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../support/server-build.js';
import { call, logIn, startProductProcess, type ProductProcess } from '../resilience/support/product-process.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const allowedGrowth = Number(process.env.SOAK_MEMORY_GROWTH ?? 0.15);
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

const residentMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
};

const LISTS = ['/api/municipios', '/api/municipios?q=sao%20paulo', '/api/municipios?q=belo%20horisonte', '/api/municipios?page=7&per_page=25&sort=name&order=desc',
  '/api/atividades_economicas?q=comercio', '/api/estados_civis', '/api/generos', '/api/uf', '/api/usuarios', '/api/papeis', '/api/auditoria', '/api/naturezas_juridicas?q=sociedade'];
const COMBOS = ['/api/uf/combos', '/api/municipios/combos?filter=campinas', '/api/papeis/combos', '/api/generos/combos'];

interface Tally { requests: number; errors: string[]; latencies: number[] }

async function staffMember(product: ProductProcess, tally: Tally, until: number, who: number) {
  let token = await logIn(product.url);
  const mine: number[] = [];
  const request = async (method: string, path: string, body?: unknown, expected = [200, 201]) => {
    const t0 = performance.now();
    const answer = await call(product.url, method, path, { token, body }).catch((error: Error) => ({ status: 0, body: error.message }));
    tally.latencies.push(performance.now() - t0);
    tally.requests += 1;
    if (!expected.includes(answer.status)) tally.errors.push(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    return answer;
  };
  let n = 0;
  while (Date.now() < until) {
    n += 1;
    const roll = Math.random();
    if (roll < 0.4) await request('GET', pick(LISTS));
    else if (roll < 0.55) await request('GET', pick(COMBOS));
    else if (roll < 0.65) {
      const created = await request('POST', '/api/generos', { denomination: `Gênero ${who}-${n}-${Date.now()}` });
      if (created.status === 201) mine.push(created.body.data.id);
    } else if (roll < 0.75 && mine.length) {
      const id = pick(mine);
      const shown = await request('GET', `/api/generos/${id}`);
      if (shown.status === 200) await request('PUT', `/api/generos/${id}`, { ...shown.body.data, denomination: `${shown.body.data.denomination} (editado)`.slice(0, 200) });
    } else if (roll < 0.8 && mine.length > 5) {
      await request('DELETE', `/api/generos/${mine.shift()}`);
    } else if (roll < 0.9) {
      await request('GET', pick(['/api/perfil', '/api/auth/me', '/api/load']));
    } else if (roll < 0.93) {
      token = await logIn(product.url);
    } else {
      await request('GET', `/api/municipios/${1 + Math.floor(Math.random() * 5000)}`, undefined, [200, 404]);
    }
    // Mostly a person's pace; now and then a coffee break longer than every idle timeout.
    const pause = Math.random() < 0.02 ? 20_000 + Math.random() * 60_000 : 100 + Math.random() * 900;
    await sleep(Math.max(0, Math.min(pause, until - Date.now())));
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conselho-soak-'));
  await buildServer();
  log(`starting the embedded product (${minutes} min)`);
  const product = await startProductProcess({ DATA_DIR: dataDir });
  const pid = product.child.pid!;
  const tally: Tally = { requests: 0, errors: [], latencies: [] };
  const samples: { at: number; mib: number }[] = [];
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, mib: residentMiB(pid) }), 5_000);
  const until = Date.now() + minutes * 60_000;
  const progress = setInterval(() => log(`${tally.requests} requests, ${tally.errors.length} errors, ${samples.at(-1)?.mib.toFixed(0) ?? '?'} MiB`), 60_000);
  try {
    await Promise.all([1, 2, 3, 4].map((who) => staffMember(product, tally, until, who)));
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const warm = samples.filter((s) => s.at > 60_000);
  const third = Math.max(1, Math.floor(warm.length / 3));
  const mean = (xs: { mib: number }[]) => xs.reduce((a, s) => a + s.mib, 0) / xs.length;
  const first = mean(warm.slice(0, third));
  const last = mean(warm.slice(-third));
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
  console.log(`requests ${tally.requests}, errors ${tally.errors.length}, latency p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms`);
  console.log(`resident memory: first third ${first.toFixed(1)} MiB, last third ${last.toFixed(1)} MiB (${(((last - first) / first) * 100).toFixed(1)}%), max ${Math.max(...samples.map((s) => s.mib)).toFixed(1)} MiB`);
  for (const error of tally.errors.slice(0, 20)) console.log(`  ${error}`);
  const grew = last > first * (1 + allowedGrowth);
  if (tally.errors.length || grew) {
    console.log(`SOAK FAILED: ${tally.errors.length} errors${grew ? `, memory grew more than ${allowedGrowth * 100}%` : ''}`);
    process.exit(1);
  }
  console.log('SOAK PASSED');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
