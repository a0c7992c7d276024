import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from './app-error.js';

/** A request for a file of the build (`/assets/index-1a2b.js`): never answered with index.html. */
const ASSET = /^\/assets\/|\.(js|css|map|png|svg|ico|woff2?)(\?|$)/;

/**
 * Serves the built client. Any other GET outside `/api` answers `index.html`, so the client's
 * history-mode routes (`/estados_civis/12`) survive a reload. Unknown API routes and missing
 * build files get 404. Files are looked up per request, so a rebuild needs no restart.
 */
export async function webRoutes(app: FastifyInstance, options: { webDir: string }) {
  const webRoot = options.webDir;
  const hasClient = existsSync(join(webRoot, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPage = !isApi && !ASSET.test(request.url);
    if (isPage && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html', webRoot);
    }
    return reply.status(404).send({ message: MESSAGES.routeNotFound });
  });
}
