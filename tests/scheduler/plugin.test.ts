import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { healthRoutes } from '../../src/server/core/http/health.js';
import { schedulerPlugin } from '../../src/server/core/scheduler/plugin.js';

it('runs the jobs added while the app registers once it is ready, answers their turns in /api/health, and stops them on close', async () => {
  const app = Fastify();
  await app.register(schedulerPlugin);
  let ran = 0;
  let stopped = false;
  app.scheduler.add({ name: 'lembretes', intervalMs: 1, run: async () => void (ran += 1), stopped: async () => void (stopped = true) });
  await app.register(healthRoutes, { version: '1.2.3' });
  const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json();
  expect(ran).toBe(0);
  await app.ready();
  await expect.poll(async () => (await health()).jobs.lembretes.turns).toBeGreaterThanOrEqual(3);
  expect(await health()).toMatchObject({ status: 'ok', version: '1.2.3' });
  await app.close();
  expect(stopped).toBe(true);
  const turns = app.scheduler.turns().lembretes;
  expect(ran).toBe(turns);
});
