import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { contractComponents } from '../../../shared/contracts/components.js';
import { notFound } from './app-error.js';
import { documentAreas, splitByArea } from './openapi-areas.js';
import { contractPaths } from './route-contracts.js';

/** The generated OpenAPI document (or an empty one until the generator has written it), with the contracts' named schemas. */
function readDocument(root: string, version: string): Record<string, unknown> {
  const path = join(root, 'generated', 'openapi.json');
  return withContractComponents(existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { openapi: '3.1.0', info: { title: 'API do back office', version }, paths: {} });
}

/** The document with the named schemas the routes' contracts define (src/shared/contracts/components.ts). */
export function withContractComponents<D extends { components?: { schemas?: object } }>(document: D): D {
  const components = document.components ?? {};
  return { ...document, components: { ...components, schemas: { ...components.schemas, ...contractComponents } } };
}

/**
 * `GET /api/openapi.json` (the whole document), `GET /api/openapi/{area}` (the part of one menu
 * area) and the interactive documentation at `/api/docs`, all public. The documentation offers the
 * parts in its selector, 'Geral' first, each opening with its groups closed and a filter by group.
 */
export async function openApiRoutes(app: FastifyInstance, options: { root: string; version: string; model: Model }) {
  // The generated document (the modules' generic routes), and the routes that declare their contract
  // (route-contracts.ts): those are all registered once the app is ready.
  const document = readDocument(options.root, options.version);
  app.addHook('onReady', async () => {
    document.paths = { ...(document.paths as Record<string, unknown>), ...contractPaths(app.routeContracts) };
  });
  const areas = documentAreas(options.model);
  // Split when first asked for (tens of milliseconds): most servers, and every test's, never are.
  let parts: Map<string, unknown> | undefined;
  const partOf = (area: string) => (parts ??= new Map(splitByArea(document, options.model).map((part) => [part.area, part.document]))).get(area);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: {
      docExpansion: 'none',
      filter: true,
      urls: areas.map((part) => ({ url: `/api/openapi/${part.area}`, name: part.label })),
      'urls.primaryName': areas[0]?.label,
    } as never,
  });
  app.get('/api/openapi.json', { config: { public: true } }, async () => document);
  app.get<{ Params: { area: string } }>('/api/openapi/:area', { config: { public: true } }, async (request) => {
    const part = partOf(request.params.area);
    if (!part) throw notFound();
    return part;
  });
}
