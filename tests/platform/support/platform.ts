/**
 * The API as main.ts builds it (the SpaceDirectory over a fresh PGlite platform folder, the tenancy
 * plugin), with the default space's administrator (an operator) logged in, and plain HTTP helpers
 * that send any `Tenant` header.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadModel } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import { ensureAdministrator } from '../../../src/server/auth/index.js';
import { loadConfig } from '../../../src/server/config.js';
import { isSpaceless } from '../../../src/server/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../../src/server/platform/index.js';
import { ROOT } from '../../api/support/server.js';

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

export async function startPlatformApi(): Promise<PlatformApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'test-platform-'));
  const directory = await SpaceDirectory.open({ dataDir });
  await ensureAdministrator((await directory.resolve(undefined)).db, OPERATOR);
  const app = await buildApp({
    config: loadConfig({ ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, DATA_DIR: dataDir }, ROOT),
    model: loadModel(ROOT),
    logger: false,
    tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
  });
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
