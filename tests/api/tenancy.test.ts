/**
 * Two spaces served by one app with the real tenancy plugin, as main.ts builds it: the default space
 * (the platform database) and a `pglite` space created through the platform tables.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../language/index.js';
import { buildApp } from '../../src/server/app.js';
import { ensureAdministrator } from '../../src/server/features/auth/index.js';
import { loadConfig } from '../../src/server/core/config.js';
import { isSpaceless } from '../../src/server/core/http/space.js';
import { registerTenancy, SpaceDirectory } from '../../src/server/features/platform/index.js';
import { createTestTarget, DATABASE_KINDS, type TestTarget, TEST_SPACE_TEMPLATES, platformDataDir, placeSpaceDatabase } from '../support/databases.js';
import { ROOT } from './support/server.js';
import { MIGRATIONS } from '../../src/server/features.js';

const EMAIL = 'admin@example.com';
const PASSWORDS = { default: 'senha-do-padrao', sul: 'senha-do-sul' } as const;
const SYSTEM_NAME = 'Conselho Regional de Teste';
const SUL_SYSTEM = 'Sistema do Conselho Sul';

async function addSpace(directory: SpaceDirectory, tenantName: string, extra: Record<string, unknown> = {}) {
  const tenant = await directory.platform
    .insertInto('tenants').values({ name: `Conselho ${tenantName}`, initials: 'CS', email: `${tenantName}@example.com` })
    .returning('id').executeTakeFirstOrThrow();
  await directory.platform
    .insertInto('tenant_configs').values({ tenant_id: tenant.id, tenant_name: tenantName, db_type: 'pglite', db_name: tenantName, ...extra })
    .execute();
}

for (const kind of DATABASE_KINDS) {
  describe(`spaces through the Tenant header, default space on ${kind}`, () => {
    const dataDir = platformDataDir('test-spaces-', kind);
    let platform: TestTarget | undefined;
    let directory: SpaceDirectory;
    let app: FastifyInstance;

    const request = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    };
    const login = async (tenant: 'default' | 'sul') => {
      const response = await request('POST', '/api/auth', { tenant }, { email: EMAIL, password: PASSWORDS[tenant] });
      expect(response.status).toBe(200);
      return response.body.data.token as string;
    };

    beforeAll(async () => {
      if (kind === 'postgres') platform = await createTestTarget('postgres', 'platformAndSpace');
      directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir, databaseUrl: platform?.target.kind === 'postgres' ? platform.target.url : undefined });
      const system = await directory.platform.insertInto('systems').values({ name: SUL_SYSTEM, prefix: 'SUL', url: 'sul.conselho.org.br' }).returning('id').executeTakeFirstOrThrow();
      await addSpace(directory, 'sul', { system_id: system.id });
      placeSpaceDatabase(dataDir, 'sul');
      await addSpace(directory, 'fechado', { active: false });
      await ensureAdministrator((await directory.resolve(undefined)).db, { email: EMAIL, password: PASSWORDS.default });
      await ensureAdministrator((await directory.resolve('sul')).db, { email: EMAIL, password: PASSWORDS.sul });
      const config = loadConfig({ SYSTEM_NAME }, ROOT);
      app = await buildApp({
        config, model: loadModel(ROOT),
        tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
      });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await directory?.close();
      await platform?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('names the system of each space in the initial load', async () => {
      const fromDefault = await request('GET', '/api/load', { authorization: `Bearer ${await login('default')}` });
      expect(fromDefault.body.data.tenant).toEqual({ name: 'default', system_name: SYSTEM_NAME });
      const fromSul = await request('GET', '/api/load', { tenant: 'sul', authorization: `Bearer ${await login('sul')}` });
      expect(fromSul.body.data.tenant).toEqual({ name: 'sul', system_name: SUL_SYSTEM });
    });

    it('refuses a token of one space in the other with 401', async () => {
      const defaultToken = await login('default');
      const sulToken = await login('sul');
      const unauthenticated = { status: 401, body: { message: 'Não autenticado.' } };
      expect(await request('GET', '/api/auth/me', { tenant: 'sul', authorization: `Bearer ${defaultToken}` })).toEqual(unauthenticated);
      expect(await request('GET', '/api/estados_civis', { tenant: 'sul', authorization: `Bearer ${defaultToken}` })).toEqual(unauthenticated);
      expect(await request('GET', '/api/auth/me', { authorization: `Bearer ${sulToken}` })).toEqual(unauthenticated);
      expect(await request('GET', '/api/auth/me', { tenant: 'default', authorization: `Bearer ${sulToken}` })).toEqual(unauthenticated);
      expect((await request('GET', '/api/auth/me', { tenant: 'sul', authorization: `Bearer ${sulToken}` })).status).toBe(200);
      // Each space's own password: the default one does not open the other space.
      const crossed = await request('POST', '/api/auth', { tenant: 'sul' }, { email: EMAIL, password: PASSWORDS.default });
      expect(crossed.status).toBe(422);
    });

    it('keeps the records of a space out of the other', async () => {
      const inDefault = { authorization: `Bearer ${await login('default')}` };
      const inSul = { tenant: 'sul', authorization: `Bearer ${await login('sul')}` };
      const ids: number[] = [];
      for (const denomination of ['Solteiro(a)', 'Casado(a)', 'Viúvo(a)']) {
        const created = await request('POST', '/api/estados_civis', inDefault, { denomination });
        expect(created.status).toBe(201);
        ids.push(created.body.data.id);
      }
      const id = Math.max(...ids);
      const notFound = { status: 404, body: { message: 'Registro não encontrado.' } };
      expect(await request('GET', `/api/estados_civis/${id}`, inSul)).toEqual(notFound);
      expect(await request('PUT', `/api/estados_civis/${id}`, inSul, { denomination: 'Outro' })).toEqual(notFound);
      expect(await request('DELETE', `/api/estados_civis/${id}`, inSul)).toEqual(notFound);
      expect((await request('GET', '/api/estados_civis', inSul)).body).toMatchObject({ data: [], meta: { total: 0 } });
      expect((await request('GET', `/api/estados_civis/combos?id=${ids.join(',')}`, inSul)).body).toEqual({ data: [] });
      expect((await request('GET', `/api/estados_civis/${id}`, inDefault)).body.data.denomination).toBe('Viúvo(a)');
    });

    it('answers 404 to an unknown or closed space and 400 to a malformed name, creating no folder', async () => {
      const token = await login('default');
      for (const tenant of ['nao-existe', 'fechado']) {
        const response = await request('GET', '/api/estados_civis', { tenant, authorization: `Bearer ${token}` });
        expect(response, tenant).toEqual({ status: 404, body: { message: 'Espaço não encontrado.' } });
      }
      expect(await request('POST', '/api/auth', { tenant: 'nao-existe' }, { email: EMAIL, password: PASSWORDS.default }))
        .toEqual({ status: 404, body: { message: 'Espaço não encontrado.' } });
      for (const tenant of ['../sul', 'a b', '-sul', 'sul/..', '..', 'x'.repeat(192)]) {
        const response = await request('GET', '/api/estados_civis', { tenant, authorization: `Bearer ${token}` });
        expect(response, tenant).toEqual({ status: 400, body: { message: 'Nome de espaço inválido.' } });
      }
      expect((await request('GET', '/api/health', { tenant: 'a b' })).status).toBe(200);
      // Only the open space's folder; nothing was created for the malformed or unknown names.
      expect(readdirSync(join(dataDir, 'spaces'))).toEqual(['sul']);
      expect(existsSync(join(dataDir, 'spaces', 'nao-existe'))).toBe(false);
    });
  });
}
