/**
 * A sequence belongs to its space: a person of another space can neither draw from it with their
 * own token (401 in this space) nor reach it from their space (404), and its number does not move.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { buildApp } from '../../src/server/app.js';
import { ensureAdministrator } from '../../src/server/features/auth/index.js';
import { loadConfig } from '../../src/server/core/config.js';
import { isSpaceless } from '../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../src/server/features/platform/index.js';
import { ROOT } from '../api/support/server.js';
import { TEST_SPACE_TEMPLATES, platformDataDir, placeSpaceDatabase } from '../support/databases.js';
import { MIGRATIONS } from '../../src/server/features.js';

const EMAIL = 'admin@example.com';
const PASSWORDS = { default: 'senha-do-padrao', sul: 'senha-do-sul' } as const;

describe('sequences of two spaces', () => {
  const dataDir = platformDataDir('test-sequence-spaces-');
  let directory: SpaceDirectory;
  let app: FastifyInstance;

  const request = async (method: 'GET' | 'POST', url: string, tenant: 'default' | 'sul', token?: string, payload?: object) => {
    const headers: Record<string, string> = { tenant, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const login = async (tenant: 'default' | 'sul') => (await request('POST', '/api/auth', tenant, undefined, { email: EMAIL, password: PASSWORDS[tenant] })).body.data.token as string;

  beforeAll(async () => {
    directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir });
    const tenant = await directory.platform.insertInto('tenants').values({ name: 'Conselho Sul', initials: 'CS', email: 'sul@example.com' }).returning('id').executeTakeFirstOrThrow();
    await directory.platform.insertInto('tenant_configs').values({ tenant_id: tenant.id, tenant_name: 'sul', db_type: 'pglite', db_name: 'sul' }).execute();
    placeSpaceDatabase(dataDir, 'sul');
    await ensureAdministrator((await directory.resolve(undefined)).db, { email: EMAIL, password: PASSWORDS.default });
    await ensureAdministrator((await directory.resolve('sul')).db, { email: EMAIL, password: PASSWORDS.sul });
    app = await buildApp({ config: loadConfig({}, ROOT), model: loadModel(ROOT), tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }) });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await directory?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses a person of another space', async () => {
    const ours = await login('default');
    const body = { number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false };
    await request('POST', '/api/sequencias', 'default', ours, { ...body, name: 'Primeira' });
    const created = await request('POST', '/api/sequencias', 'default', ours, { ...body, name: 'Inscrições' });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    const theirs = await login('sul');
    expect((await request('POST', `/api/sequencias/${id}/next`, 'default', theirs, {})).status).toBe(401);
    expect((await request('POST', `/api/sequencias/${id}/next`, 'sul', theirs, {})).status).toBe(404);
    expect((await request('GET', `/api/sequencias/${id}`, 'default', ours)).body.data.number).toBe(0);
    expect((await request('POST', `/api/sequencias/${id}/next`, 'default', ours, {})).body.data.number).toBe(1);
  });
});
