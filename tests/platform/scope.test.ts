/**
 * The platform's records (tenants, systems, monitors) belong to its operators: a customer's space,
 * its own administrator included, may read its tenant's name and nothing else of the platform.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformApi, tenantWithSpace, type PlatformApi } from './support/platform.js';

const NEW_PASSWORD = 'Senha-Do-Espaco-789!';

describe('platform scope of a space administrator', () => {
  let api: PlatformApi;
  let spaceToken: string;
  const ids = { own: 0, other: 0, system: 0, monitor: 0 };

  async function openSpace(name: string): Promise<{ tenantId: number; token: string }> {
    const created = await api.operator('POST', '/api/clientes', tenantWithSpace(name, { db_name: `${name.replaceAll('-', '_')}_db` }));
    expect(created.status, created.text).toBe(201);
    const admin = created.body.initial_admin ?? created.body.data.initial_admin;
    const first = (await api.login(admin.email, admin.password, name)).body.data.token;
    const changed = await api.send('PUT', '/api/perfil', { token: first, tenant: name, payload: { name: 'Administrador', email: admin.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(changed.status, changed.text).toBe(200);
    return { tenantId: created.body.data.id, token: (await api.login(admin.email, NEW_PASSWORD, name)).body.data.token };
  }

  beforeAll(async () => {
    api = await startPlatformApi();
    const own = await openSpace('escopo-a');
    ids.own = own.tenantId;
    spaceToken = own.token;
    ids.other = (await openSpace('escopo-b')).tenantId;
    const system = await api.operator('POST', '/api/sistemas', { name: 'Sistema Escopo', prefix: 'ESC', url: 'escopo.conselho.org.br', description: 'Escopo' });
    expect(system.status, system.text).toBe(201);
    ids.system = system.body.data.id;
    const monitor = await api.operator('POST', '/api/monitores', { service_name: 'Portal', system_name: 'Escopo', uptime_check_enabled: false, url: 'https://escopo.conselho.org.br/' });
    expect(monitor.status, monitor.text).toBe(201);
    ids.monitor = monitor.body.data.id;
  }, 180_000);
  afterAll(async () => { await api?.close(); });

  const asSpaceAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    api.send(method, url, { token: spaceToken, tenant: 'escopo-a', payload });

  it('refuses every platform call but its own tenant list with 403, and changes nothing', async () => {
    const tenant = tenantWithSpace('escopo-invasor');
    const system = { name: 'Sistema Invasor', prefix: 'INV', url: 'invasor.example.com', description: 'x' };
    const monitor = { service_name: 'Invasor', system_name: 'x', uptime_check_enabled: false, url: 'https://invasor.example.com/' };
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', `/api/clientes/${ids.other}`], ['GET', `/api/clientes/${ids.own}`],
      ['PUT', `/api/clientes/${ids.other}`, { ...tenantWithSpace('escopo-b'), name: 'Renomeado', active: false }],
      ['PUT', `/api/clientes/${ids.own}`, { ...tenantWithSpace('escopo-a'), name: 'Renomeado' }],
      ['DELETE', `/api/clientes/${ids.other}`], ['DELETE', `/api/clientes/multiple_delete/${ids.other}`],
      ['POST', '/api/clientes', tenant], ['GET', '/api/clientes/combos'], ['GET', '/api/clientes/available_drivers'],
      ['GET', '/api/clientes/configs'], ['GET', '/api/rules/clientes/create'], ['GET', '/api/rules/clientes/edit'],
      ['GET', '/api/sistemas'], ['GET', `/api/sistemas/${ids.system}`], ['POST', '/api/sistemas', system],
      ['PUT', `/api/sistemas/${ids.system}`, system], ['DELETE', `/api/sistemas/${ids.system}`], ['GET', '/api/sistemas/combos'],
      ['GET', '/api/monitores'], ['GET', `/api/monitores/${ids.monitor}`], ['POST', '/api/monitores', monitor],
      ['PUT', `/api/monitores/${ids.monitor}`, monitor], ['DELETE', `/api/monitores/${ids.monitor}`], ['GET', '/api/monitores/combos'],
      ['GET', '/api/monitores/status'], ['POST', `/api/monitores/${ids.monitor}/check`],
    ];
    const wrong = [];
    for (const [method, url, payload] of calls) {
      const answer = await asSpaceAdmin(method, url, payload);
      if (answer.status !== 403) wrong.push(`${method} ${url} → ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);

    const tenants = await api.operator('GET', '/api/clientes?per_page=100');
    const byId = new Map(tenants.body.data.map((row: { id: number }) => [row.id, row]));
    expect(byId.get(ids.other)).toMatchObject({ name: 'Conselho escopo-b', active: true });
    expect(byId.get(ids.own)).toMatchObject({ name: 'Conselho escopo-a', active: true });
    expect(tenants.body.data.some((row: { name: string }) => row.name === 'Conselho escopo-invasor')).toBe(false);
    expect((await api.operator('GET', `/api/sistemas/${ids.system}`)).body.data.name).toBe('Sistema Escopo');
    expect((await api.operator('GET', `/api/monitores/${ids.monitor}`)).body.data.service_name).toBe('Portal');
    expect((await api.operator('GET', '/api/sistemas')).body.data.some((row: { name: string }) => row.name === 'Sistema Invasor')).toBe(false);
  });

  it('lists only its own tenant, by name, without where its database lives', async () => {
    const listed = await asSpaceAdmin('GET', '/api/clientes');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([{ id: ids.own, name: 'Conselho escopo-a', initials: 'ESC', active: true }]);
    expect(listed.text).not.toMatch(/db_|escopo_a_db|escopo_b/);
  });

  it('still administers its own space', async () => {
    expect((await asSpaceAdmin('GET', '/api/usuarios')).status).toBe(200);
    expect((await asSpaceAdmin('POST', '/api/estados_civis', { denomination: 'Do espaço A' })).status).toBe(201);
  });

  it('leaves the platform to the default space administrator', async () => {
    for (const url of ['/api/clientes', `/api/clientes/${ids.other}`, '/api/sistemas', '/api/monitores', '/api/monitores/status', '/api/clientes/combos']) {
      expect((await api.operator('GET', url)).status, url).toBe(200);
    }
  });
});
