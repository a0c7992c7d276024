import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The generated OpenAPI document, or an empty one until the generator has written it. */
function readDocument(root: string, version: string): Record<string, unknown> {
  const path = join(root, 'generated', 'openapi.json');
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'));
  return { openapi: '3.1.0', info: { title: 'API do back office', version }, paths: {} };
}

/**
 * `GET /api/openapi.json` and the interactive documentation at `/api/docs`, both public. The
 * documentation opens with its groups closed and a filter by group: the document's fifteen hundred
 * routes drawn open took the browser about half a minute.
 */
export async function openApiRoutes(app: FastifyInstance, options: { root: string; version: string }) {
  const document = readDocument(options.root, options.version);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none', filter: true } });
  app.get('/api/openapi.json', { config: { public: true } }, async () => document);
}
