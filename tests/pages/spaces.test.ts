/**
 * A page lives in the database of the space it was written in: the server records that space
 * (`tenant_config_id`, whatever the body says), and another space's people neither see it in their
 * menu nor open it, even at the same address. Spaces on PGlite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../support/databases.js';
import { startPlatformApi, type PlatformApi } from '../platform/support/platform.js';

const PASSWORD = 'Senha-Do-Espaco-789!';
type Kind = 'pglite' | 'pgsql';

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try { return await work(client); } finally { await client.end(); }
}

describe.each<Kind>(['pglite', 'pgsql'])('custom pages in two spaces (%s spaces)', (kind) => {
  let api: PlatformApi;
  const suffix = randomBytes(4).toString('hex');
  const databases: string[] = [];
  const names = { a: `paginas-a-${kind}`, b: `paginas-b-${kind}` };
  const tokens: Record<string, string> = {};
  const spaceIds: Record<string, number> = {};
  let systemId: number | undefined;

  const spaceItem = (tenantName: string) => {
    const dbName = `test_pg_${tenantName.replaceAll('-', '_')}_${suffix}`;
    if (kind === 'pgsql') databases.push(dbName);
    return {
      tenant_name: tenantName, db_type: kind, db_name: dbName, active: true, monitor_active: false,
      ...(kind === 'pgsql' ? { db_ip: '127.0.0.1', db_port: '5432', db_user: 'postgres', system_id: systemId } : {}),
    };
  };
  const as = (space: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = tokens[space]) => api.send(method, url, { token, tenant: space, payload });

  beforeAll(async () => {
    api = await startPlatformApi();
    systemId = await api.systemId();
    const council = await api.operator('POST', '/api/clientes', {
      name: `Conselho das páginas ${kind}`, initials: 'CPG', email: `paginas-${kind}@example.com`, active: true,
      tenant_configs: [spaceItem(names.a), spaceItem(names.b)],
    });
    expect(council.status, council.text).toBe(201);
    for (const item of council.body.data.tenant_configs) {
      spaceIds[item.tenant_name] = item.id;
      const first = await api.login(item.initial_admin.email, item.initial_admin.password, item.tenant_name);
      const profile = await api.send('GET', '/api/perfil', { token: first.body.data.token, tenant: item.tenant_name });
      await api.send('PUT', '/api/perfil', {
        token: first.body.data.token, tenant: item.tenant_name,
        payload: { name: profile.body.data.name, email: item.initial_admin.email, password: PASSWORD, password_confirmation: PASSWORD },
      });
      tokens[item.tenant_name] = (await api.login(item.initial_admin.email, PASSWORD, item.tenant_name)).body.data.token;
    }
  }, 240_000);

  afterAll(async () => {
    await api?.close();
    if (databases.length) await onServer(async (client) => { for (const name of databases) await client.query(`drop database if exists ${name} with (force)`); });
  }, 60_000);

  it('records the space a page was written in, and keeps it there', async () => {
    const category = await as(names.a, 'POST', '/api/categoria_pagina_dinamica', { denomination: 'Institucional', uri: 'institucional' });
    expect(category.status, category.text).toBe(201);
    const created = await as(names.a, 'POST', '/api/pagina_dinamica', {
      title: 'Só de A', slug: 'so-de-a', content: '<p>Conteúdo de A.</p>', custom_page_category_id: category.body.data.id, tenant_config_id: spaceIds[names.b],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.tenant_config_id).toBe(spaceIds[names.a]);
    expect((await as(names.a, 'GET', `/api/pagina_dinamica/${created.body.data.id}`)).body.data.tenant_config_id).toBe(spaceIds[names.a]);
    const menu = await as(names.a, 'GET', '/api/pagina_dinamica/menu');
    expect(menu.body.data).toEqual([{ title: 'Só de A', uri: 'institucional', slug: 'so-de-a', category: 'Institucional' }]);
    expect((await as(names.a, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a')).body.data.content).toBe('<p>Conteúdo de A.</p>');
  });

  it('shows another space\'s people nothing of it, even at the same address', async () => {
    const menu = await as(names.b, 'GET', '/api/pagina_dinamica/menu');
    expect(menu.status, menu.text).toBe(200);
    expect(menu.body.data).toEqual([]);
    const view = await as(names.b, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a');
    expect(view.status).toBe(404);
    expect(view.body.message).toBe('Página não encontrada.');
    // B's own category at the same URI holds B's page, not A's.
    const category = await as(names.b, 'POST', '/api/categoria_pagina_dinamica', { denomination: 'Institucional', uri: 'institucional' });
    await as(names.b, 'POST', '/api/pagina_dinamica', { title: 'Só de B', slug: 'so-de-a', content: '<p>Conteúdo de B.</p>', custom_page_category_id: category.body.data.id });
    const same = await as(names.b, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a');
    expect(same.body.data).toMatchObject({ title: 'Só de B', content: '<p>Conteúdo de B.</p>' });
    expect((await as(names.a, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a')).body.data.title).toBe('Só de A');
    // A's token means nothing in B, and the default space has no pages.
    expect((await as(names.b, 'GET', '/api/pagina_dinamica/menu', undefined, tokens[names.a])).status).toBe(401);
    expect((await api.operator('GET', '/api/pagina_dinamica/menu')).body.data).toEqual([]);
  });
});
