import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Model } from '../../language/index.js';
import type { ServerConfig } from './config.js';

/** What every feature is given: the model the app serves and its configuration. */
export interface FeatureOptions {
  model: Model;
  config: ServerConfig;
}

/** What a feature brings besides its plugin, declared in its feature.ts. */
export interface FeatureDeclaration {
  /** Its folder's name under src/server, and its plugin's name. */
  name: string;
  /** Folders of its migrations of every space database: `new URL('migrations', import.meta.url)`. */
  migrations?: readonly URL[];
  /** Folders of its migrations of the platform database. */
  platformMigrations?: readonly URL[];
}

/**
 * A feature: a Fastify plugin that registers its behaviour with the generic core (`app.resources`:
 * hooks, open lists, access rules, databases) and mounts its own routes, and the migration folders
 * that make its tables. `buildApp` registers each feature of src/server/features.ts in order; the
 * databases' migration sets are read from the same list (`migrationSets`, src/server/db/migrate.ts).
 */
export interface Feature {
  readonly name: string;
  readonly migrations: readonly string[];
  readonly platformMigrations: readonly string[];
  readonly plugin: FastifyPluginAsync<FeatureOptions>;
}

/**
 * A feature's plugin is not encapsulated: what it adds to the app itself (a request hook, a
 * decoration) covers every route, while the route plugins it registers stay encapsulated.
 */
export function defineFeature({ name, migrations = [], platformMigrations = [] }: FeatureDeclaration, plugin: FastifyPluginAsync<FeatureOptions>): Feature {
  return {
    name,
    migrations: migrations.map((folder) => fileURLToPath(folder)),
    platformMigrations: platformMigrations.map((folder) => fileURLToPath(folder)),
    plugin: fp(plugin, { name, fastify: '5.x', dependencies: ['resource-registry'] }),
  };
}
