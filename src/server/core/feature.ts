import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Model } from '../../../language/index.js';
import type { ServerConfig } from './config.js';
import type { FeaturePermission } from './resources/permissions.js';

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
  /** The permissions its own routes check beyond its modules' (`<x-permission>.<action>`), offered to grants. */
  permissions?: readonly FeaturePermission[];
}

/**
 * A feature: a Fastify plugin that registers its behaviour with the generic core (`app.resources`:
 * hooks, open lists, access rules, databases) and mounts its own routes, the migration folders
 * that make its tables and the permissions its routes check. `buildApp` registers each feature of
 * src/server/features.ts in order and offers their permissions to grants; the databases' migration
 * sets are read from the same list (`migrationSets`, src/server/core/db/migrate.ts).
 */
export interface Feature {
  readonly name: string;
  readonly migrations: readonly string[];
  readonly platformMigrations: readonly string[];
  readonly permissions: readonly FeaturePermission[];
  readonly plugin: FastifyPluginAsync<FeatureOptions>;
}

/**
 * A feature's plugin is not encapsulated: what it adds to the app itself (a request hook, a
 * decoration) covers every route, while the route plugins it registers stay encapsulated.
 */
export function defineFeature({ name, migrations = [], platformMigrations = [], permissions = [] }: FeatureDeclaration, plugin: FastifyPluginAsync<FeatureOptions>): Feature {
  return {
    name,
    permissions,
    migrations: migrations.map((folder) => fileURLToPath(folder)),
    platformMigrations: platformMigrations.map((folder) => fileURLToPath(folder)),
    plugin: fp(plugin, { name, fastify: '5.x', dependencies: ['resource-registry'] }),
  };
}
