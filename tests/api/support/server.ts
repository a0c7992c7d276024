/**
 * Builds the API in-process on a fresh database (PGlite or PostgreSQL), migrated to the latest
 * migrations (core, generated, authentication and audit), with the initial administrator logged in.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loadModel, type Model } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import { ensureAdministrator } from '../../../src/server/auth/index.js';
import { hashPassword } from '../../../src/server/resources/passwords.js';
import { loadConfig } from '../../../src/server/config.js';
import type { Feature } from '../../../src/server/feature.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/index.js';
import { migrateToLatest, SPACE_MIGRATIONS, type MigrationSet } from '../../../src/server/db/migrate.js';
import { PLATFORM_MIGRATIONS } from '../../../src/server/platform/config.js';
import { createTestTarget, type DatabaseKind } from '../../support/databases.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'senha-do-admin';

export interface TestServer {
  app: FastifyInstance;
  db: Kysely<any>;
  model: Model;
  adminToken: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment variables for the server configuration. */
  env?: NodeJS.ProcessEnv;
  /** The model to serve; default the project's schemas. */
  model?: Model;
  /** Migrations of the database; default the space migrations. */
  migrations?: MigrationSet;
  /** The features; default the product's. */
  features?: readonly Feature[];
}

export async function startTestServer(kind: DatabaseKind, options: TestServerOptions = {}): Promise<TestServer> {
  const testTarget = await createTestTarget(kind);
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(testTarget.target);
    // The one space is the default space, whose database is also the platform database.
    if (!options.migrations) await migrateToLatest(handle.db, PLATFORM_MIGRATIONS);
    await migrateToLatest(handle.db, options.migrations ?? SPACE_MIGRATIONS);
    await ensureAdministrator(handle.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const model = options.model ?? loadModel(ROOT);
    const config = loadConfig({ ...options.env, ADMIN_PASSWORD, ADMIN_EMAIL }, ROOT);
    const app = await buildApp({ config, model, features: options.features, tenancy: { space: { name: 'default', db: handle.db } }, logger: process.env.TEST_LOG ? { level: 'error' } : false });
    const adminToken = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const opened = handle;
    return {
      app, db: handle.db, model, adminToken,
      close: async () => {
        await app.close();
        await opened.close();
        await testTarget.drop();
      },
    };
  } catch (error) {
    await handle?.close();
    await testTarget.drop();
    throw error;
  }
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token;
}

let users = 0;

/** A user holding exactly the given grants, logged in. */
export async function userWith(
  server: TestServer,
  grants: { name: string; granted?: boolean; expires_at?: Date | null }[],
  options: { active?: boolean } = {},
): Promise<{ id: number; email: string; password: string; token: string | null }> {
  users += 1;
  const email = `usuario${users}.${Date.now()}@example.com`;
  const password = 'senha-do-usuario';
  const { id } = await server.db
    .insertInto('users')
    .values({ name: `Usuário ${users}`, email, password: await hashPassword(password), active: options.active ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const grant of grants) {
    await server.db.insertInto('user_permissions').values({ user_id: id, name: grant.name, granted: grant.granted ?? true, expires_at: grant.expires_at ?? null }).execute();
  }
  const token = options.active === false ? null : await login(server.app, email, password);
  return { id: Number(id), email, password, token };
}

/** `app.inject` with the bearer token and JSON. */
export function call(server: TestServer, token: string | null) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await server.app.inject({
      method, url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body ? safeJson(response.body) : null };
  };
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
