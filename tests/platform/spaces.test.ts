/**
 * The life of a space as an operator drives it through the API: creation with a one-time
 * administrator password, first login, a PostgreSQL space, a failed creation that leaves nothing,
 * deactivation, and deletion that keeps the database detached.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../support/databases.js';
import { startPlatformApi, tenantWithSpace, type PlatformApi } from './support/platform.js';

const PG_PASSWORD = `segredo-${randomBytes(6).toString('hex')}`;
const PG_DB = `test_space_${randomBytes(6).toString('hex')}`;
const NEW_PASSWORD = 'Nova-Senha-Forte-123!';

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try { return await work(client); } finally { await client.end(); }
}

describe('spaces created by an operator', () => {
  let api: PlatformApi;
  const answers: string[] = [];
  const operator = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const answer = await api.operator(method, url, payload);
    answers.push(answer.text);
    return answer;
  };
  const spacesDir = () => join(api.dataDir, 'spaces');

  beforeAll(async () => { api = await startPlatformApi(); }, 120_000);
  afterAll(async () => {
    await api?.close();
    await onServer((client) => client.query(`drop database if exists ${PG_DB} with (force)`));
  });

  it('gives a pglite space a first administrator who must change the one-time password', async () => {
    const created = await operator('POST', '/api/clientes', tenantWithSpace('regional-sul'));
    expect(created.status, created.text).toBe(201);
    const admin = created.body.initial_admin ?? created.body.data.initial_admin;
    expect(admin).toEqual({ email: 'regional-sul@example.com', password: expect.any(String) });
    expect(existsSync(join(spacesDir(), 'regional-sul'))).toBe(true);

    const first = await api.login(admin.email, admin.password, 'regional-sul');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.user.must_change_password).toBe(true);
    const token = first.body.data.token as string;
    const blocked = await api.send('GET', '/api/estados_civis', { token, tenant: 'regional-sul' });
    expect(blocked).toMatchObject({ status: 403, body: { message: 'Altere sua senha para continuar.' } });

    const profile = await api.send('GET', '/api/perfil', { token, tenant: 'regional-sul' });
    expect(profile.status).toBe(200);
    const changed = await api.send('PUT', '/api/perfil', {
      token, tenant: 'regional-sul',
      payload: { name: profile.body.data.name, email: admin.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(200);
    const again = await api.login(admin.email, NEW_PASSWORD, 'regional-sul');
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.user.must_change_password ?? false).toBe(false);
    const open = await api.send('GET', '/api/estados_civis', { token: again.body.data.token, tenant: 'regional-sul' });
    expect(open.status, open.text).toBe(200);
    expect(open.body.data.length).toBeGreaterThan(0); // the reference tables were seeded
    expect((await api.login(admin.email, admin.password, 'regional-sul')).status).toBe(422);
  }, 120_000);

  it('creates a pgsql space on the local PostgreSQL, and its administrator logs in', async () => {
    const created = await operator('POST', '/api/clientes', tenantWithSpace('regional-pg', {
      db_type: 'pgsql', db_ip: '127.0.0.1', db_port: '5432', db_user: 'postgres', db_password: PG_PASSWORD, db_name: PG_DB, system_id: await api.systemId(),
    }));
    expect(created.status, created.text).toBe(201);
    const admin = created.body.initial_admin ?? created.body.data.initial_admin;
    const exists = await onServer((client) => client.query('select 1 from pg_database where datname = $1', [PG_DB]));
    expect(exists.rowCount).toBe(1);
    const first = await api.login(admin.email, admin.password, 'regional-pg');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.user.must_change_password).toBe(true);
    const shown = await operator('GET', `/api/clientes/${created.body.data.id}`);
    expect(shown.body.data.tenant_configs[0]).toMatchObject({ db_type: 'pgsql', db_name: PG_DB });
    expect(shown.body.data.tenant_configs[0]).not.toHaveProperty('db_password');
    await operator('GET', '/api/clientes');
  }, 120_000);

  it('answers 422 naming the failed step and leaves no tenant and no folder', async () => {
    const failed = await operator('POST', '/api/clientes', tenantWithSpace('regional-falha', {
      db_type: 'pgsql', db_ip: '127.0.0.1', db_port: '1', db_user: 'postgres', db_password: PG_PASSWORD, db_name: 'regional_falha', system_id: await api.systemId(),
    }));
    expect(failed.status, failed.text).toBe(422);
    expect(failed.text).toContain('criar o banco de dados');
    expect(failed.text).toContain('regional-falha');
    const rows = await api.directory.platform.selectFrom('tenants').select('id').where('name', '=', 'Conselho regional-falha').execute();
    expect(rows).toEqual([]);
    const spaces = await api.directory.platform.selectFrom('tenant_configs').select('id').where('tenant_name', '=', 'regional-falha').execute();
    expect(spaces).toEqual([]);
    expect(readdirSync(spacesDir()).some((name) => name.startsWith('regional-falha'))).toBe(false);
  });

  it('deactivating a space blocks its login and its old tokens; deleting keeps the folder, detached', async () => {
    const created = await operator('POST', '/api/clientes', tenantWithSpace('regional-leste'));
    expect(created.status, created.text).toBe(201);
    const admin = created.body.initial_admin ?? created.body.data.initial_admin;
    const token = (await api.login(admin.email, admin.password, 'regional-leste')).body.data.token as string;
    expect((await api.send('GET', '/api/auth/me', { token, tenant: 'regional-leste' })).status).toBe(200);

    const tenant = created.body.data;
    const space = tenant.tenant_configs[0];
    const off = await operator('PUT', `/api/clientes/${tenant.id}`, {
      name: tenant.name, initials: tenant.initials, email: tenant.email, active: true,
      tenant_configs: [{ ...space, active: false }],
    });
    expect(off.status, off.text).toBe(200);
    expect([404, 423]).toContain((await api.login(admin.email, admin.password, 'regional-leste')).status);
    // While the space is off its old token opens nothing (the space itself is not found).
    expect([401, 404]).toContain((await api.send('GET', '/api/auth/me', { token, tenant: 'regional-leste' })).status);
    // Its old token no longer opens the space, even once the space is back on.
    const on = await operator('PUT', `/api/clientes/${tenant.id}`, {
      name: tenant.name, initials: tenant.initials, email: tenant.email, active: true, tenant_configs: [{ ...space, active: true }],
    });
    expect(on.status, on.text).toBe(200);
    expect((await api.send('GET', '/api/auth/me', { token, tenant: 'regional-leste' })).status).toBe(401);

    const removed = await operator('DELETE', `/api/clientes/${tenant.id}`);
    expect(removed.status, removed.text).toBe(200);
    const detached = removed.body.detached_databases ?? removed.body.data?.detached_databases;
    const folder = join(spacesDir(), 'regional-leste');
    expect(detached).toEqual([{ tenant_name: 'regional-leste', db_type: 'pglite', location: folder }]);
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    expect((await api.login(admin.email, admin.password, 'regional-leste')).status).toBe(404);
  }, 120_000);

  it('never answers db_password, and the audit keeps it as [PROTEGIDO]', async () => {
    for (const text of answers) expect(text).not.toContain(PG_PASSWORD);
    for (const text of answers) expect(text).not.toContain('db_password');
    const audits = await (await api.directory.resolve(undefined)).db.selectFrom('audits').select(['event', 'old_values', 'new_values']).where('module', '=', 'clientes').execute();
    const trail = JSON.stringify(audits);
    expect(trail).not.toContain(PG_PASSWORD);
    expect(trail).toContain('"db_password":"[PROTEGIDO]"');
  });
});
