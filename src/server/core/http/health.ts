import type { FastifyInstance } from 'fastify';

/**
 * `GET /api/health`: answers without authentication, so load balancers and monitors can call it;
 * `jobs` counts each background job's turns ended in this process (a stalled job stops counting).
 */
export async function healthRoutes(app: FastifyInstance, options: { version: string }) {
  app.get('/api/health', { config: { public: true } }, async () => ({
    status: 'ok',
    version: options.version,
    jobs: Object.fromEntries(Object.entries(app.scheduler.turns()).map(([name, turns]) => [name, { turns }])),
  }));
}
