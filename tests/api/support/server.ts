/**
 * Builds the API in-process on a fresh database (PGlite or PostgreSQL), migrated to the latest
 * migrations (core, generated, authentication and audit), with the initial administrator logged in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loadModel, type Field, type Model } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import type { Clock } from '../../../src/server/core/clock.js';
import { ensureAdministrator } from '../../../src/server/features/auth/index.js';
import { hashPassword } from '../../../src/server/core/resources/passwords.js';
import { loadConfig } from '../../../src/server/core/config.js';
import type { Feature } from '../../../src/server/core/feature.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/core/db/index.js';
import { migrateToLatest, type MigrationSet } from '../../../src/server/core/db/migrate.js';
import { createTestTarget, type DatabaseKind } from '../../support/databases.js';
import { multipart, PDF, PNG } from '../../files/support.js';
import { MIGRATIONS } from '../../../src/server/features.js';

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
  /** Whether the platform's migrations run too; default only when `migrations` is not given. */
  platform?: boolean;
  /** The features; default the product's. */
  features?: readonly Feature[];
  /** Where the server reads the time; default the system's (src/server/core/clock.ts). */
  clock?: Clock;
}

export async function startTestServer(kind: DatabaseKind, options: TestServerOptions = {}): Promise<TestServer> {
  const platform = options.platform ?? !options.migrations;
  // The product's migrations come copied from a template; a fixture's own are applied here.
  const testTarget = await createTestTarget(kind, options.migrations ? undefined : platform ? 'platformAndSpace' : 'space');
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(testTarget.target);
    // The one space is the default space, whose database is also the platform database.
    if (!testTarget.fromTemplate) {
      if (platform) await migrateToLatest(handle.db, MIGRATIONS.platform);
      await migrateToLatest(handle.db, options.migrations ?? MIGRATIONS.space);
    }
    await ensureAdministrator(handle.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const model = options.model ?? loadModel(ROOT);
    // Uploaded files go to a folder of the test's own unless it names one.
    const ownDataDir = options.env?.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'test-server-'));
    const config = loadConfig({ ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...options.env, ADMIN_PASSWORD, ADMIN_EMAIL }, ROOT);
    const app = await buildApp({ config, model, features: options.features, clock: options.clock, tenancy: { space: { name: 'default', db: handle.db } }, logger: process.env.TEST_LOG ? { level: 'error' } : false });
    const adminToken = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const opened = handle;
    return {
      app, db: handle.db, model, adminToken,
      close: async () => {
        await app.close();
        await opened.close();
        await testTarget.drop();
        if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
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

/** Uploads a small file of the first type a file field accepts, as the form would, and answers its id (for generic bodies). */
export function uploader(server: { app: FastifyInstance }, token: string) {
  return async (module: string, field: Field): Promise<string> => {
    const accept = field.file?.accept ?? [];
    const [name, bytes] = sampleFile(accept);
    const { payload, headers } = multipart(name, bytes);
    const response = await server.app.inject({ method: 'POST', url: `/api/${module}/files/${field.name}`, headers: { ...headers, authorization: `Bearer ${token}` }, payload });
    if (response.statusCode !== 201) throw new Error(`uploading to ${module}.${field.name} answered ${response.statusCode}: ${response.body}`);
    return response.json().data.id;
  };
}

/** A file of the first kind a field takes: a report design for a design's file, a Java stream for a compiled one. */
function sampleFile(accept: string[]): [string, Buffer] {
  if (accept.includes('pdf')) return ['amostra.pdf', PDF];
  if (accept.includes('png')) return ['amostra.png', PNG];
  if (accept.includes('json')) return ['amostra.json', SAMPLE_DESIGN];
  if (accept.includes('jasper')) return ['amostra.jasper', SAMPLE_JAVA_STREAM];
  return ['amostra.txt', Buffer.from('amostra\n')];
}

const SAMPLE_DESIGN = Buffer.from(JSON.stringify({ version: 1, title: 'Municípios', source: { module: 'municipios' }, columns: [{ field: 'name' }] }));
const SAMPLE_JAVA_STREAM = Buffer.from([0xac, 0xed, 0x00, 0x05, 0x73, 0x72]);
