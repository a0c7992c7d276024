import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Model } from '../../language/index.js';
import type { ServerConfig } from './config.js';

/** What every feature is given: the model the app serves and its configuration. */
export interface FeatureOptions {
  model: Model;
  config: ServerConfig;
}

/**
 * A feature: a Fastify plugin that registers its behaviour with the generic core (`app.resources`:
 * hooks, open lists, access rules, databases) and mounts its own routes. `buildApp` registers each
 * feature of src/server/features.ts in order.
 */
export type Feature = FastifyPluginAsync<FeatureOptions>;

/**
 * A feature's plugin, not encapsulated: what it adds to the app itself (a request hook, a
 * decoration) covers every route, while the route plugins it registers stay encapsulated.
 */
export function defineFeature(name: string, plugin: FastifyPluginAsync<FeatureOptions>): Feature {
  return fp(plugin, { name, fastify: '5.x', dependencies: ['resource-registry'] });
}
