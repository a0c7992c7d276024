import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { productDataDir } from '../support/server-build.js';
import { call, logIn, startProductProcess, type ProductProcess } from './support/product-process.js';

const dataDir = productDataDir('conselho-crash-');
let running: ProductProcess | undefined;
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Writes records one after another (two at a time) until stopped; keeps the ones the server
 * acknowledged. A write cut by the crash has no answer and is not counted.
 */
function writeUntilStopped(url: string, token: string, cycle: number) {
  const acknowledged: { id: number; denomination: string }[] = [];
  let stopped = false;
  let n = 0;
  const writer = async () => {
    while (!stopped) {
      const denomination = `Ciclo ${cycle} registro ${(n += 1)}`;
      const answer = await call(url, 'POST', '/api/generos', { token, body: { denomination } }).catch(() => null);
      if (answer?.status === 201 && !stopped) acknowledged.push({ id: answer.body.data.id, denomination });
    }
  };
  const writers = [writer(), writer()];
  return { acknowledged, stop: () => ((stopped = true), Promise.all(writers)) };
}

it('starts again at once after kill -9, five times, and keeps every acknowledged write', async () => {
  const env = { DATA_DIR: dataDir };
  running = await startProductProcess(env);
  const acknowledged: { id: number; denomination: string }[] = [];
  const restarts: number[] = [];
  for (let cycle = 1; cycle <= 5; cycle += 1) {
    const token = await logIn(running.url);
    const writing = writeUntilStopped(running.url, token, cycle);
    while (writing.acknowledged.length < 10) await new Promise((r) => setTimeout(r, 20));
    // Killed in the middle of writes, whatever state the database was in.
    await running.kill();
    await writing.stop();
    acknowledged.push(...writing.acknowledged);
    const started = performance.now();
    running = await startProductProcess(env);
    restarts.push(performance.now() - started);
  }
  const token = await logIn(running.url);
  const missing = [];
  for (const record of acknowledged) {
    const answer = await call(running.url, 'GET', `/api/generos/${record.id}`, { token });
    if (answer.status !== 200 || answer.body.data.denomination !== record.denomination) missing.push(record);
  }
  console.log(`crash restarts: ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; acknowledged writes ${acknowledged.length}, lost ${missing.length}`);
  expect(missing).toEqual([]);
  expect(acknowledged.length).toBeGreaterThanOrEqual(50);
}, 600_000);

it('refuses a second live process on the same data folder, with a pt-BR message', async () => {
  expect(running).toBeDefined();
  const second = startProductProcess({ DATA_DIR: dataDir });
  await expect(second).rejects.toThrow(/A pasta de dados .* já está aberta por outro processo/);
  // The first one still answers.
  expect((await call(running!.url, 'GET', '/api/health')).status).toBe(200);
}, 180_000);
