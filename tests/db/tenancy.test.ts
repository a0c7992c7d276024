import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { sql, type Insertable } from 'kysely';
import type { TenantConfigsTable } from '../../generated/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, openDatabase } from '../../src/server/core/db/index.js';
import { SpaceDirectory, SpaceError, createTenancyPlugin, registerTenancy } from '../../src/server/features/platform/index.js';
import { createTestTarget, DATABASE_KINDS, type TestTarget, TEST_SPACE_TEMPLATES } from '../support/databases.js';
import { MIGRATIONS } from '../../src/server/features.js';

async function addSpace(directory: SpaceDirectory, space: Omit<Insertable<TenantConfigsTable>, 'tenant_id' | 'db_name'> & { db_name?: string }) {
  const tenant = await directory.platform
    .insertInto('tenants').values({ name: 'Conselho Teste', initials: 'CT', email: 'ct@example.com' })
    .returning('id').executeTakeFirstOrThrow();
  await directory.platform.insertInto('tenant_configs').values({ tenant_id: tenant.id, db_name: 'unused', ...space }).execute();
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof SpaceError ? error.kind : String(error);
  }
}

async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

for (const kind of DATABASE_KINDS) {
  describe(`space directory with the platform on ${kind}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'test-data-dir-'));
    let platform: TestTarget | undefined;
    let pgsqlSpace: TestTarget;
    let directory: SpaceDirectory;

    beforeAll(async () => {
      if (kind === 'postgres') platform = await createTestTarget('postgres');
      const databaseUrl = platform?.target.kind === 'postgres' ? platform.target.url : undefined;
      directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir, databaseUrl, spaceCapacity: 1 });
      pgsqlSpace = await createTestTarget('postgres');
      const url = new URL((pgsqlSpace.target as { url: string }).url);
      await addSpace(directory, { tenant_name: 'acme.sul', db_type: 'pglite' });
      await addSpace(directory, { tenant_name: 'fechado', db_type: 'pglite', active: false });
      await addSpace(directory, {
        tenant_name: 'beta-2', db_type: 'pgsql', db_ip: url.hostname, db_port: url.port || '5432',
        db_user: url.username, db_name: url.pathname.slice(1),
      });
    }, 60_000);

    afterAll(async () => {
      await directory?.close();
      await platform?.drop();
      await pgsqlSpace?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('gives the default space, migrated, when no name is sent', async () => {
      const space = await directory.resolve(undefined);
      expect(space).toMatchObject({ name: 'default', isDefault: true });
      expect(await space.db.selectFrom('civil_statuses').selectAll().execute()).toEqual([]);
    });

    it('answers malformed and unknown names without creating folders', async () => {
      for (const name of ['-acme', 'acme_', 'a b', '../etc', 'a/b', 'x'.repeat(192)]) {
        expect(await failure(directory.resolve(name))).toBe('malformed');
      }
      expect(await failure(directory.resolve('nao-existe'))).toBe('unknown');
      expect(await failure(directory.resolve('fechado'))).toBe('unknown');
      expect(existsSync(join(dataDir, 'spaces'))).toBe(false);
    });

    it('opens an embedded space in DATA_DIR/spaces/<name> and migrates it once', async () => {
      const space = await directory.resolve('acme.sul');
      expect(existsSync(join(dataDir, 'spaces', 'acme.sul'))).toBe(true);
      await space.db.insertInto('civil_statuses').values({ denomination: 'Solteiro(a)' }).execute();
      const again = await directory.resolve('acme.sul');
      expect(again.db).toBe(space.db);
      const defaultRows = await (await directory.resolve(undefined)).db.selectFrom('civil_statuses').selectAll().execute();
      expect(defaultRows).toEqual([]);
    }, 60_000);

    it('opens a PostgreSQL space and closes the least recently used space past the cap once it is idle', async () => {
      const held = await directory.acquire('acme.sul');
      const space = await directory.resolve('beta-2');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from civil_statuses`.execute(space.db);
      expect(rows[0].n).toBe(0);
      expect(directory.openSpaces()).toEqual(['beta-2']);
      // Evicted while a request still uses it: it stays open until released.
      const acmeFolder = join(dataDir, 'spaces', 'acme.sul');
      await expect(openDatabase({ kind: 'pglite', dataDir: acmeFolder })).rejects.toThrow(DataFolderInUseError);
      expect(await held.db.selectFrom('civil_statuses').select('denomination').execute()).toEqual([{ denomination: 'Solteiro(a)' }]);
      held.release();
      const reopened = await eventually(() => openDatabase({ kind: 'pglite', dataDir: acmeFolder }));
      const kept = await reopened.db.selectFrom('civil_statuses').select('denomination').execute();
      await reopened.close();
      expect(kept).toEqual([{ denomination: 'Solteiro(a)' }]);
    }, 60_000);

    it('answers through the Tenant header over HTTP', async () => {
      const app = Fastify();
      await registerTenancy(app, directory);
      app.get('/api/where', async (request) => ({ space: request.space.name }));
      const call = (tenant?: string) => app.inject({ url: '/api/where', headers: tenant === undefined ? {} : { tenant } });
      expect((await call()).json()).toEqual({ space: 'default' });
      expect((await call('beta-2')).json()).toEqual({ space: 'beta-2' });
      const malformed = await call('a b');
      expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Nome de espaço inválido.' }]);
      const unknown = await call('nao-existe');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Espaço não encontrado.' }]);
      await app.close();
    });

    it('covers sibling routes when registered as a bound plugin, and skips what it is told to', async () => {
      const app = Fastify();
      await app.register(createTenancyPlugin(directory, { skip: (request) => request.url === '/api/health' }));
      app.get('/api/where', async (request) => ({ space: request.space.name }));
      app.get('/api/health', async () => ({ status: 'ok' }));
      expect((await app.inject({ url: '/api/where', headers: { tenant: 'beta-2' } })).json()).toEqual({ space: 'beta-2' });
      expect((await app.inject({ url: '/api/health', headers: { tenant: 'a b' } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/where', headers: { tenant: 'a b' } })).statusCode).toBe(400);
      await app.close();
    });
  });
}
