/**
 * The API as main.ts builds it (platform database through the SpaceDirectory, the tenancy plugin),
 * on a fresh PGlite folder or a fresh PostgreSQL database, with the administrator logged in.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loadModel } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import { ensureAdministrator } from '../../../src/server/features/auth/index.js';
import { hashPassword } from '../../../src/server/core/resources/passwords.js';
import { loadConfig } from '../../../src/server/core/config.js';
import { isSpaceless } from '../../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../../src/server/features/platform/index.js';
import { createTestTarget, type DatabaseKind, type TestTarget, TEST_SPACE_TEMPLATES, platformDataDir } from '../../support/databases.js';
import { MIGRATIONS } from '../../../src/server/features.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN = { email: 'admin@example.com', password: 'senha-do-admin' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<{ status: number; body: any }>;

export interface PlatformServer {
  app: FastifyInstance;
  /** The platform database (also the default space's). */
  platform: Kysely<any>;
  /** Calls as the administrator of the default space. */
  admin: Caller;
  /** Logs in a new user of the default space holding exactly these permissions. */
  userWith(permissions: string[]): Promise<Caller>;
  close(): Promise<void>;
}

export async function startPlatformServer(kind: DatabaseKind): Promise<PlatformServer> {
  const dataDir = platformDataDir('test-monitors-', kind);
  let target: TestTarget | undefined;
  if (kind === 'postgres') target = await createTestTarget('postgres', 'platformAndSpace');
  const databaseUrl = target?.target.kind === 'postgres' ? target.target.url : undefined;
  const directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir, databaseUrl });
  const platform: Kysely<any> = directory.platform;
  await ensureAdministrator(platform, ADMIN);
  const app = await buildApp({
    config: loadConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir }, ROOT),
    model: loadModel(ROOT),
    tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
  });
  const caller = (token: string): Caller => async (method, url, payload) => {
    const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const login = async (email: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json().data.token as string;
  };
  let users = 0;
  return {
    app,
    platform,
    admin: caller(await login(ADMIN.email, ADMIN.password)),
    async userWith(permissions) {
      const email = `monitor${++users}@example.com`;
      const { id } = await platform
        .insertInto('users')
        .values({ name: `Operador ${users}`, email, password: await hashPassword('senha-do-operador') })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of permissions) await platform.insertInto('user_permissions').values({ user_id: id, name, granted: true }).execute();
      return caller(await login(email, 'senha-do-operador'));
    },
    async close() {
      await app.close();
      await directory.close();
      await target?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
