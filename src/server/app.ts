import { join } from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadModel, type Model } from '../../language/index.js';
import { systemClock, type Clock } from './core/clock.js';
import type { ServerConfig } from './core/config.js';
import type { Feature } from './core/feature.js';
import { FEATURES } from './features.js';
import { permissionCatalogue } from './core/resources/permissions.js';
import { clientErrors, errorHandling, frameworkErrors } from './core/http/errors.js';
import { healthRoutes } from './core/http/health.js';
import { jsonBodies } from './core/http/json-body.js';
import { openApiRoutes } from './core/http/openapi.js';
import { routeContracts } from './core/http/route-contracts.js';
import { securityHeaders } from './core/http/security.js';
import { singleSpace, type RequestSpace } from './core/http/space.js';
import { webRoutes } from './core/http/web.js';
import { resourceRegistry } from './core/resources/registry.js';
import { schedulerPlugin } from './core/scheduler/plugin.js';
import { resourceRoutes } from './core/resources/routes.js';
import { fileRoutes } from './core/resources/file-routes.js';
import { ownFolders } from './core/storage/index.js';
import { restDialectRoutes } from './core/rest-dialect/routes.js';

export interface BuildAppOptions {
  config: ServerConfig;
  /** The entity model; read from `config.root` when absent. */
  model?: Model;
  /**
   * Where requests find their database: a function that registers, on the app itself, the plugin
   * setting `request.space` from the `Tenant` header; or one fixed space for every request.
   */
  tenancy: ((app: FastifyInstance) => Promise<void>) | { space: RequestSpace };
  /** The features, registered in order before the generic routes; default the product's (features.ts). */
  features?: readonly Feature[];
  logger?: FastifyServerOptions['logger'];
  /** Where the server reads the time; the system's clock by default (tests set one). */
  clock?: Clock;
}

/**
 * The whole HTTP application, without listening: `main.ts` listens, tests call `app.inject()`.
 * @example const app = await buildApp({ config: loadConfig(), tenancy: { space: { name: 'default', db } } });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const model = options.model ?? loadModel(config.root);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: config.trustProxy,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // `multiple_delete/{ids}` carries up to MAX_DELETE_IDS ids in one path segment.
    routerOptions: { maxParamLength: 20_000 },
    frameworkErrors,
    clientErrorHandler: clientErrors,
  });

  app.decorate('clock', options.clock ?? systemClock);
  await app.register(schedulerPlugin);
  await app.register(errorHandling);
  await app.register(routeContracts);
  await app.register(jsonBodies);
  await app.register(securityHeaders);
  await app.register(cors, { origin: config.corsOrigins, credentials: true, allowedHeaders: ['Authorization', 'Content-Type', 'Tenant', 'Accept', 'Accept-Language', 'Local-Ip-Address', 'If-Match', 'Range'], exposedHeaders: ['ETag', 'Content-Range'] });
  // The specification's client posts forms (`application/x-www-form-urlencoded`), the product's own JSON.
  await app.register(formbody);
  if (typeof options.tenancy === 'function') await options.tenancy(app);
  else await app.register(singleSpace, { space: options.tenancy.space });
  const features = options.features ?? FEATURES;
  const permissions = permissionCatalogue(model, features.flatMap((feature) => feature.permissions));
  await app.register(resourceRegistry, { storages: ownFolders(join(config.dataDir, 'files')), permissions });
  for (const feature of features) await app.register(feature.plugin, { model, config });

  await app.register(healthRoutes, { version: config.version });
  await app.register(openApiRoutes, { root: config.root, version: config.version, model });
  await app.register(resourceRoutes, { model });
  await app.register(fileRoutes, { model });
  await app.register(restDialectRoutes, { model });
  await app.register(webRoutes, { webDir: config.webDir });
  return app;
}
