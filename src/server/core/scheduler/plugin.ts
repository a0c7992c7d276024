import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createScheduler, type Scheduler } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's background work: a feature adds its job while it registers (`app.scheduler.add`). */
    scheduler: Scheduler;
  }
}

/**
 * `app.scheduler`: its jobs start once the app is ready and stop before the app closes (before the
 * features' own `onClose`, so a job never outlives what it uses).
 */
export const schedulerPlugin = fp(
  async (app: FastifyInstance) => {
    const scheduler = createScheduler({
      onError: (job, error) => app.log.error({ err: error, job }, 'falha em tarefa de fundo'),
      onStopTimeout: (jobs) => app.log.warn({ jobs }, 'tarefas de fundo ainda em curso ao parar o processo'),
    });
    app.decorate('scheduler', scheduler);
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('preClose', async () => scheduler.stop());
  },
  { name: 'scheduler', fastify: '5.x' },
);
