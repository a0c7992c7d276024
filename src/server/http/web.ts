import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from './app-error.js';

/**
 * Serves the built client from `dist/web`. Any other GET outside `/api` answers `index.html`, so
 * the client's history-mode routes (`/estados_civis/12`) survive a reload. Unknown API routes get 404.
 */
export async function webRoutes(app: FastifyInstance, options: { root: string }) {
  const webRoot = join(options.root, 'dist', 'web');
  const hasClient = existsSync(join(webRoot, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html', webRoot);
    }
    return reply.status(404).send({ message: MESSAGES.routeNotFound });
  });
}
