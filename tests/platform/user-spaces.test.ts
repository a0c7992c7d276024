/**
 * A person working in two spaces of one council: the user form of one space adds the other, which
 * provides the person's account there (a one-time password shown once); each space then shows them
 * its own records only, with its own grants. Another council's spaces are never offered nor accepted.
 * Run with the council's spaces on PGlite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideAccount } from '../../src/server/features/platform/memberships/accounts.js';
import { TEST_POSTGRES_URL } from '../support/databases.js';
import { FEATURE_SPACE_KINDS, startPlatformApi, type Answer, type PlatformApi } from './support/platform.js';

const PASSWORD = 'Senha-Da-Pessoa-789!';
type Kind = 'pglite' | 'pgsql';

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try { return await work(client); } finally { await client.end(); }
}

describe.each<Kind>(FEATURE_SPACE_KINDS)('a person in two spaces of one council (%s spaces)', (kind) => {
  let api: PlatformApi;
  const suffix = randomBytes(4).toString('hex');
  const databases: string[] = [];
  const names = { a: `sede-${kind}`, b: `regional-${kind}`, other: `outro-${kind}` };
  const tokens: Record<string, string> = {};
  const spaceIds: Record<string, number> = {};
  const markers: Record<string, number> = {};
  let systemId: number | undefined;

  const spaceItem = (tenantName: string) => {
    const dbName = `test_us_${tenantName.replaceAll('-', '_')}_${suffix}`;
    if (kind === 'pgsql') databases.push(dbName);
    return {
      tenant_name: tenantName, db_type: kind, db_name: dbName, active: true, monitor_active: false,
      ...(kind === 'pgsql' ? { db_ip: '127.0.0.1', db_port: '5432', db_user: 'postgres', system_id: systemId } : {}),
    };
  };
  const as = (space: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = tokens[space]) =>
    api.send(method, url, { token, tenant: space, payload });

  /** The first login with a one-time password, the new password, and a fresh token. */
  async function signInFirstTime(space: string, email: string, oneTime: string): Promise<string> {
    const first = await api.login(email, oneTime, space);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.user.must_change_password).toBe(true);
    const profile = await api.send('GET', '/api/perfil', { token: first.body.data.token, tenant: space });
    const changed = await api.send('PUT', '/api/perfil', {
      token: first.body.data.token, tenant: space,
      payload: { name: profile.body.data.name, email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(changed.status, changed.text).toBe(200);
    const again = await api.login(email, PASSWORD, space);
    expect(again.status, again.text).toBe(200);
    return again.body.data.token;
  }

  /** The user form's save: the record as it was opened, with these spaces. */
  async function saveSpaces(space: string, id: number, tenantConfigs: number[]): Promise<Answer> {
    const shown = await as(space, 'GET', `/api/usuarios/${id}`);
    return as(space, 'PUT', `/api/usuarios/${id}`, { ...withoutServerFields(shown.body.data), tenant_configs: tenantConfigs });
  }

  async function userIdIn(space: string, email: string): Promise<number> {
    const found = await as(space, 'GET', `/api/usuarios?q=${encodeURIComponent(email)}`);
    return found.body.data.find((user: { email: string }) => user.email === email).id;
  }

  beforeAll(async () => {
    api = await startPlatformApi({ platform: kind === 'pgsql' ? 'postgres' : 'pglite' });
    systemId = await api.systemId();
    const council = await api.operator('POST', '/api/clientes', {
      name: `Conselho ${kind}`, initials: 'CON', email: `admin-${kind}@example.com`, active: true,
      tenant_configs: [spaceItem(names.a), spaceItem(names.b)],
    });
    expect(council.status, council.text).toBe(201);
    const other = await api.operator('POST', '/api/clientes', {
      name: `Outro conselho ${kind}`, initials: 'OUT', email: `outro-${kind}@example.com`, active: true, tenant_configs: [spaceItem(names.other)],
    });
    expect(other.status, other.text).toBe(201);
    for (const item of [...council.body.data.tenant_configs, ...other.body.data.tenant_configs]) {
      spaceIds[item.tenant_name] = item.id;
      tokens[item.tenant_name] = await signInFirstTime(item.tenant_name, item.initial_admin.email, item.initial_admin.password);
      const marker = await as(item.tenant_name, 'POST', '/api/estados_civis', { denomination: `Marcador ${item.tenant_name}` });
      expect(marker.status, marker.text).toBe(201);
      markers[item.tenant_name] = marker.body.data.id;
    }
  }, 240_000);

  afterAll(async () => {
    await api?.close();
    if (databases.length) await onServer(async (client) => { for (const name of databases) await client.query(`drop database if exists ${name} with (force)`); });
  }, 60_000);

  it('offers the spaces of the council alone, by name', async () => {
    const offered = await as(names.a, 'GET', '/api/usuarios/tenant_configs');
    expect(offered.status, offered.text).toBe(200);
    expect(offered.body.data).toEqual([
      { id: spaceIds[names.b], name: names.b, active: true },
      { id: spaceIds[names.a], name: names.a, active: true },
    ].sort((x, y) => x.name.localeCompare(y.name)));
    const elsewhere = await as(names.other, 'GET', '/api/usuarios/tenant_configs');
    expect(elsewhere.body.data).toEqual([{ id: spaceIds[names.other], name: names.other, active: true }]);
    const operator = await api.operator('GET', '/api/usuarios/tenant_configs');
    expect(operator.body.data).toEqual([]);
  });

  it('adds a second space: the person signs in to each and sees only that space\'s records', async () => {
    const email = `pessoa-${kind}@example.com`;
    const created = await as(names.a, 'POST', '/api/usuarios', {
      name: 'Pessoa em dois espaços', email, password: PASSWORD, active: true,
      permissions: [{ name: 'civilStatus.index', granted: true }, { name: 'civilStatus.show', granted: true }],
      tenant_configs: [spaceIds[names.b]],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.tenant_configs).toEqual([spaceIds[names.a], spaceIds[names.b]].sort((x, y) => x - y));
    expect(created.body.space_accounts).toEqual([{ tenant_name: names.b, email, password: expect.any(String) }]);
    const shown = await as(names.a, 'GET', `/api/usuarios/${created.body.data.id}`);
    expect(shown.body.data.tenant_configs).toEqual(created.body.data.tenant_configs);

    const inA = (await api.login(email, PASSWORD, names.a)).body.data.token;
    const inB = await signInFirstTime(names.b, email, created.body.space_accounts[0].password);
    // The account in B starts with no grants: B's administrator gives them.
    expect((await as(names.b, 'GET', '/api/estados_civis', undefined, inB)).status).toBe(403);
    const idInB = await userIdIn(names.b, email);
    const inBRecord = await as(names.b, 'GET', `/api/usuarios/${idInB}`);
    expect(inBRecord.body.data.tenant_configs).toEqual(created.body.data.tenant_configs);
    const granted = await as(names.b, 'PUT', `/api/usuarios/${idInB}`, { ...withoutServerFields(inBRecord.body.data), permissions: [{ name: 'civilStatus.index', granted: true }] });
    expect(granted.status, granted.text).toBe(200);

    const listA = await as(names.a, 'GET', '/api/estados_civis?q=Marcador', undefined, inA);
    const listB = await as(names.b, 'GET', '/api/estados_civis?q=Marcador', undefined, inB);
    expect(markersIn(listA)).toEqual([`Marcador ${names.a}`]);
    expect(markersIn(listB)).toEqual([`Marcador ${names.b}`]);
    // Each token opens its own space only; an id read in A is A's record, never B's.
    expect((await as(names.b, 'GET', '/api/estados_civis', undefined, inA)).status).toBe(401);
    expect((await as(names.a, 'GET', '/api/estados_civis', undefined, inB)).status).toBe(401);
    const sameIdInA = await as(names.a, 'GET', `/api/estados_civis/${markers[names.b]}`, undefined, inA);
    expect(sameIdInA.text).not.toContain(`Marcador ${names.b}`);

    const audit = await as(names.a, 'GET', `/api/auditoria?filter=${encodeURIComponent(JSON.stringify({ module: 'usuarios', record_id: created.body.data.id, event: 'added_tenant_config' }))}`);
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.map((row: { new_values: unknown }) => row.new_values)).toEqual(expect.arrayContaining([{ id: spaceIds[names.b], name: names.b }]));
  }, 120_000);

  it('hands the one-time password to the simple-rest dialect too, under _answer, and to nobody later', async () => {
    const email = `dialeto-${kind}@example.com`;
    const created = await as(names.a, 'POST', '/api/rest/usuarios', { name: 'Pelo dialeto', email, password: PASSWORD, active: true, tenant_configs: [spaceIds[names.b]] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.email).toBe(email);
    expect(created.body._answer).toEqual({ space_accounts: [{ tenant_name: names.b, email, password: expect.any(String) }] });
    expect((await api.login(email, created.body._answer.space_accounts[0].password, names.b)).status).toBe(200);
    const shown = await as(names.a, 'GET', `/api/rest/usuarios/${created.body.id}`);
    expect(shown.body).not.toHaveProperty('_answer');
    const saved = await as(names.a, 'PUT', `/api/rest/usuarios/${created.body.id}`, { name: 'Pelo dialeto, de novo' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).not.toHaveProperty('_answer');
  }, 60_000);

  it('refuses another council\'s space on tenant_configs and writes nothing', async () => {
    const email = `recusada-${kind}@example.com`;
    const refused = await as(names.a, 'POST', '/api/usuarios', { name: 'Recusada', email, password: PASSWORD, active: true, tenant_configs: [spaceIds[names.other]] });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual({ tenant_configs: ['O espaço selecionado não pertence a este conselho.'] });
    expect((await as(names.a, 'GET', `/api/usuarios?q=${encodeURIComponent(email)}`)).body.data).toEqual([]);
    expect((await api.login(email, PASSWORD, names.other)).status).toBe(422);
    const fromDefault = await api.operator('POST', '/api/usuarios', { name: 'Recusada', email, password: PASSWORD, active: true, tenant_configs: [spaceIds[names.a]] });
    expect(fromDefault.status, fromDefault.text).toBe(422);
    expect(fromDefault.body.errors.tenant_configs).toEqual(['O espaço selecionado não pertence a este conselho.']);
  }, 60_000);

  it('removing a space deactivates the account there; adding it again re-activates it with its own password', async () => {
    const email = `pessoa-${kind}@example.com`;
    const id = await userIdIn(names.a, email);
    const removed = await saveSpaces(names.a, id, [spaceIds[names.a]]);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.tenant_configs).toEqual([spaceIds[names.a]]);
    expect((await api.login(email, PASSWORD, names.b)).status).toBe(423);
    expect((await api.login(email, PASSWORD, names.a)).status).toBe(200);
    const audit = await as(names.a, 'GET', `/api/auditoria?filter=${encodeURIComponent(JSON.stringify({ module: 'usuarios', record_id: id, event: 'removed_tenant_config' }))}`);
    expect(audit.body.data.map((row: { old_values: unknown }) => row.old_values)).toEqual([{ id: spaceIds[names.b], name: names.b }]);

    const again = await saveSpaces(names.a, id, [spaceIds[names.a], spaceIds[names.b]]);
    expect(again.status, again.text).toBe(200);
    expect(again.body.space_accounts).toBeUndefined();
    expect((await api.login(email, PASSWORD, names.b)).status).toBe(200);
  }, 60_000);

  it('two administrators adding the same person at once make one account and one membership', async () => {
    const email = `concorrente-${kind}@example.com`;
    const created = await as(names.a, 'POST', '/api/usuarios', { name: 'Concorrente', email, password: PASSWORD, active: true });
    expect(created.status, created.text).toBe(201);
    const body = { ...withoutServerFields(created.body.data), tenant_configs: [spaceIds[names.a], spaceIds[names.b]] };
    const answers = await Promise.all([1, 2, 3].map(() => as(names.a, 'PUT', `/api/usuarios/${created.body.data.id}`, body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const passwords = answers.flatMap((answer) => answer.body.space_accounts ?? []);
    expect(passwords).toHaveLength(1);
    const inB = (await api.directory.resolve(names.b)).db;
    const accounts = await inB.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
    const memberships = await api.directory.platform.selectFrom('space_memberships').select('id').where('email', '=', email).execute();
    expect(memberships).toHaveLength(2);
    const shown = await as(names.a, 'GET', `/api/usuarios/${created.body.data.id}`);
    expect(shown.body.data.tenant_configs).toEqual(body.tenant_configs.sort((x, y) => x - y));
  }, 60_000);

  it('a save cut short after the account and before the membership is completed by the next save', async () => {
    const email = `interrompida-${kind}@example.com`;
    const created = await as(names.a, 'POST', '/api/usuarios', { name: 'Interrompida', email, password: PASSWORD, active: true });
    // What a process killed between the two writes leaves: the account in B, no membership.
    await provideAccount((await api.directory.resolve(names.b)).db, { name: 'Interrompida', email });
    expect((await as(names.a, 'GET', `/api/usuarios/${created.body.data.id}`)).body.data.tenant_configs).toEqual([spaceIds[names.a]]);
    const saved = await saveSpaces(names.a, created.body.data.id, [spaceIds[names.b]]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.tenant_configs).toEqual([spaceIds[names.a], spaceIds[names.b]].sort((x, y) => x - y));
    const inB = (await api.directory.resolve(names.b)).db;
    expect(await inB.selectFrom('users').select(['active']).where('email', '=', email).execute()).toEqual([{ active: true }]);
  }, 60_000);
});

function markersIn(list: Answer): string[] {
  expect(list.status, list.text).toBe(200);
  return list.body.data.map((row: { denomination: string }) => row.denomination).sort();
}

function withoutServerFields(record: Record<string, unknown>) {
  const { id: _id, created_at: _c, updated_at: _u, last_login: _l, current_login: _cl, ...rest } = record;
  return rest;
}
