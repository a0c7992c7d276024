/**
 * The product as main.ts builds it (space directory, tenancy plugin) on a fresh PGlite folder or a
 * fresh PostgreSQL database, and a tally of what the fuzz requests were answered.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadModel, type Model } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import { ensureAdministrator } from '../../../src/server/features/auth/index.js';
import { loadConfig } from '../../../src/server/core/config.js';
import { TOO_DEEP, TOO_MANY_ITEMS } from '../../../src/server/core/http/json-body.js';
import { isSpaceless } from '../../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../../src/server/features/platform/index.js';
import { ROOT } from '../../api/support/server.js';
import { createTestTarget, type DatabaseKind, TEST_SPACE_TEMPLATES, platformDataDir } from '../../support/databases.js';
import { MIGRATIONS } from '../../../src/server/features.js';

export const OPERATOR = { email: 'admin@example.com', password: 'senha-do-admin' };
const SHAPE_MESSAGES = [TOO_DEEP, TOO_MANY_ITEMS];

export interface Sent {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The body exactly as sent (JSON text). */
  payload?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

export interface Answer { status: number; body: any }

export interface Product {
  app: FastifyInstance;
  model: Model;
  token: string;
  /** Every route the server registered (method and address pattern), as Fastify announced them. */
  routes: { method: string; url: string }[];
  send(request: Sent): Promise<Answer>;
  close(): Promise<void>;
}

export async function startProduct(kind: DatabaseKind): Promise<Product> {
  const dataDir = platformDataDir('test-fuzz-', kind);
  const target = kind === 'postgres' ? await createTestTarget('postgres', 'platformAndSpace') : null;
  const databaseUrl = target && target.target.kind === 'postgres' ? target.target.url : undefined;
  const directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir, databaseUrl });
  await ensureAdministrator((await directory.resolve(undefined)).db, OPERATOR);
  const model = loadModel(ROOT);
  const routes: Product['routes'] = [];
  const app = await buildApp({
    config: loadConfig({ ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, DATA_DIR: dataDir }, ROOT),
    model,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    tenancy: async (root) => {
      root.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      });
      await registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless });
    },
  });
  const send = async ({ method, url, payload, headers = {}, token }: Sent): Promise<Answer> => {
    const response = await app.inject({
      method, url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    let body: any = response.body;
    try { body = JSON.parse(response.body); } catch { /* not JSON: kept as text */ }
    return { status: response.statusCode, body };
  };
  const login = await send({ method: 'POST', url: '/api/auth', payload: JSON.stringify(OPERATOR) });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    app, model, send, routes, token: login.body.data.token,
    async close() {
      await app.close();
      await directory.close();
      rmSync(dataDir, { recursive: true, force: true });
      await target?.drop();
    },
  };
}

/** Requests, 5xx answers and 422s that name a field the route does not have. */
export class Tally {
  requests = 0;
  readonly statuses = new Map<number, number>();
  readonly serverErrors: string[] = [];
  readonly wrongFields: string[] = [];

  /** Counts one answer; `knows` says whether a field path of a 422 belongs to the route. */
  record(sent: Sent, answer: Answer, knows: (path: string) => boolean): void {
    this.requests += 1;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    const what = () => `${sent.method} ${sent.url.slice(0, 120)} ${(sent.payload ?? '').slice(0, 160)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    if (answer.status >= 500) this.serverErrors.push(what());
    if (answer.status === 422) {
      const errors = answer.body?.errors;
      const named = errors && typeof errors === 'object' ? Object.keys(errors) : ['(sem errors)'];
      // The JSON reader names the top-level key the client sent a value of no route's shape in, known to the route or not.
      const shapeOnly = (path: string) => Array.isArray(errors?.[path]) && errors[path].every((message: string) => SHAPE_MESSAGES.includes(message));
      const wrong = named.filter((path) => !knows(path) && !shapeOnly(path));
      if (wrong.length) this.wrongFields.push(`[${wrong.join(', ')}] ${what()}`);
    }
  }

  summary(kind: string): string {
    const statuses = [...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    return `fuzz [${kind}]: ${this.requests} requests, ${this.serverErrors.length} 5xx, ${this.wrongFields.length} wrong-field 422s (${statuses})`;
  }
}
