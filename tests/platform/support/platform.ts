/**
 * The API as main.ts builds it (the SpaceDirectory over a fresh PGlite platform folder, the tenancy
 * plugin), with the default space's administrator (an operator) logged in, and plain HTTP helpers
 * that send any `Tenant` header.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadModel } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import type { Clock } from '../../../src/server/core/clock.js';
import { ensureAdministrator } from '../../../src/server/features/auth/index.js';
import { loadConfig } from '../../../src/server/core/config.js';
import { isSpaceless } from '../../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../../src/server/features/platform/index.js';
import { ROOT } from '../../api/support/server.js';
import { createTestTarget, TEST_POSTGRES_URL, TEST_SPACE_TEMPLATES, platformDataDir, type DatabaseKind } from '../../support/databases.js';
import { MIGRATIONS } from '../../../src/server/features.js';

export const OPERATOR = { email: 'admin@example.com', password: 'senha-do-admin' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Answer { status: number; body: any; text: string }

export interface PlatformApi {
  app: FastifyInstance;
  directory: SpaceDirectory;
  dataDir: string;
  operatorToken: string;
  /** One request with an optional bearer token and `Tenant` header. */
  send(method: Method, url: string, options?: { token?: string | null; tenant?: string; payload?: unknown }): Promise<Answer>;
  /** The operator's call in the default space. */
  operator(method: Method, url: string, payload?: unknown): Promise<Answer>;
  login(email: string, password: string, tenant?: string): Promise<Answer>;
  /** A system made once for this API: a PostgreSQL space requires one (`system_id`). */
  systemId(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The API over `directory` as main.ts builds it; another one over the same directory stands for a
 * second process of the product sharing its platform database.
 */
export function platformApp(directory: SpaceDirectory, dataDir: string, clock?: Clock): Promise<FastifyInstance> {
  return buildApp({
    clock,
    config: loadConfig({ ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, DATA_DIR: dataDir }, ROOT),
    model: loadModel(ROOT),
    logger: false,
    tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
  });
}

/**
 * The platform's API on a fresh platform database: an embedded one in a new data folder (default),
 * or a PostgreSQL database (`platform: 'postgres'`, dropped by `close`), as with DATABASE_URL.
 */
export async function startPlatformApi(options: { platform?: DatabaseKind; clock?: Clock } = {}): Promise<PlatformApi> {
  const platform = options.platform ?? 'pglite';
  const dataDir = platformDataDir('test-platform-', platform);
  const database = platform === 'postgres' ? await createTestTarget('postgres', 'platformAndSpace') : undefined;
  const databaseUrl = database && (database.target as { url: string }).url;
  const directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir, databaseUrl });
  await ensureAdministrator((await directory.resolve(undefined)).db, OPERATOR);
  const app = await platformApp(directory, dataDir, options.clock);
  const send: PlatformApi['send'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.tenant !== undefined) headers.tenant = options.tenant;
    const response = await app.inject({ method, url, headers, ...(options.payload === undefined ? {} : { payload: options.payload as object }) });
    let body: any = null;
    try { body = response.body ? JSON.parse(response.body) : null; } catch { body = response.body; }
    return { status: response.statusCode, body, text: response.body };
  };
  const login: PlatformApi['login'] = (email, password, tenant) => send('POST', '/api/auth', { tenant, payload: { email, password } });
  const answer = await login(OPERATOR.email, OPERATOR.password);
  if (answer.status !== 200) throw new Error(`login failed: ${answer.text}`);
  const operatorToken = answer.body.data.token as string;
  let system: Promise<number> | undefined;
  const systemId = () => (system ??= send('POST', '/api/sistemas', {
    token: operatorToken, payload: { name: 'Sistema dos testes', prefix: 'TST', url: 'testes.conselho.org.br' },
  }).then((made) => {
    if (made.status !== 201) throw new Error(`system not created: ${made.text}`);
    return made.body.data.id as number;
  }));
  return {
    systemId,
    app, directory, dataDir, operatorToken, send, login,
    operator: (method, url, payload) => send(method, url, { token: operatorToken, payload }),
    async close() {
      await app.close();
      await directory.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tenant with one space, as the operator's form sends it. */
export function tenantWithSpace(tenantName: string, space: Record<string, unknown> = {}) {
  return {
    name: `Conselho ${tenantName}`, initials: tenantName.slice(0, 3).toUpperCase(), email: `${tenantName}@example.com`, active: true,
    tenant_configs: [{ tenant_name: tenantName, db_type: 'pglite', db_name: tenantName.replaceAll('-', '_'), active: true, monitor_active: false, ...space }],
  };
}

export type SpaceKind = 'pglite' | 'pgsql';

/**
 * The spaces a feature's tests in two spaces run on: a feature's rows stay in the space they were
 * written in whatever database holds it, so once, on PostgreSQL (the platform too). How a space
 * finds its database on each engine is tried by the tenancy tests (tests/api/tenancy.test.ts,
 * tests/db/tenancy.test.ts, tests/platform/isolation.test.ts).
 */
export const FEATURE_SPACE_KINDS: SpaceKind[] = ['pgsql'];

/** Two spaces of one council, each with its administrator signed in under a password of their own. */
export interface TwoSpaces {
  api: PlatformApi;
  names: { a: string; b: string };
  /** Each space's administrator's token, by space name. */
  tokens: Record<string, string>;
  /** Each space's id (`tenant_configs.id`), by space name. */
  spaceIds: Record<string, number>;
  /** A call as the space's administrator (or with another token) in that space. */
  as(space: string, method: Method, url: string, payload?: unknown, token?: string): Promise<Answer>;
  /** Closes the API and drops the PostgreSQL databases it made. */
  close(): Promise<void>;
}

/**
 * A council with the spaces `{prefix}-a-{kind}` and `{prefix}-b-{kind}`, on PGlite or on the test
 * PostgreSQL (databases named uniquely, dropped by `close`), their first administrators past the
 * one-time password.
 */
export async function startTwoSpaces(kind: SpaceKind, prefix: string, options: { clock?: Clock } = {}): Promise<TwoSpaces> {
  const password = `Senha-De-${prefix}-789!`;
  const suffix = randomBytes(4).toString('hex');
  const names = { a: `${prefix}-a-${kind}`, b: `${prefix}-b-${kind}` };
  const databases: string[] = [];
  const tokens: Record<string, string> = {};
  const spaceIds: Record<string, number> = {};
  const api = await startPlatformApi({ platform: kind === 'pgsql' ? 'postgres' : 'pglite', clock: options.clock });
  const systemId = kind === 'pgsql' ? await api.systemId() : undefined;
  const spaceItem = (tenantName: string) => {
    const dbName = `test_pg_${tenantName.replaceAll('-', '_')}_${suffix}`;
    if (kind === 'pgsql') databases.push(dbName);
    return {
      tenant_name: tenantName, db_type: kind, db_name: dbName, active: true, monitor_active: false,
      ...(kind === 'pgsql' ? { db_ip: '127.0.0.1', db_port: '5432', db_user: 'postgres', system_id: systemId } : {}),
    };
  };
  const close = async () => {
    await api.close();
    if (!databases.length) return;
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  try {
    const council = await api.operator('POST', '/api/clientes', {
      name: `Conselho ${prefix} ${kind}`, initials: prefix.slice(0, 3).toUpperCase(), email: `${prefix}-${kind}@example.com`, active: true,
      tenant_configs: [spaceItem(names.a), spaceItem(names.b)],
    });
    if (council.status !== 201) throw new Error(`council not created: ${council.text}`);
    for (const item of council.body.data.tenant_configs) {
      spaceIds[item.tenant_name] = item.id;
      const first = await api.login(item.initial_admin.email, item.initial_admin.password, item.tenant_name);
      const profile = await api.send('GET', '/api/perfil', { token: first.body.data.token, tenant: item.tenant_name });
      await api.send('PUT', '/api/perfil', {
        token: first.body.data.token, tenant: item.tenant_name,
        payload: { name: profile.body.data.name, email: item.initial_admin.email, password, password_confirmation: password },
      });
      tokens[item.tenant_name] = (await api.login(item.initial_admin.email, password, item.tenant_name)).body.data.token;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    api, names, tokens, spaceIds, close,
    as: (space, method, url, payload, token = tokens[space]) => api.send(method, url, { token, tenant: space, payload }),
  };
}
