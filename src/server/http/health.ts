import type { FastifyInstance } from 'fastify';

/** `GET /api/health`: answers without authentication, so load balancers and monitors can call it. */
export async function healthRoutes(app: FastifyInstance, options: { version: string }) {
  app.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok', version: options.version }));
}
