/**
 * A tenant's space asks for its server's address and port only for PostgreSQL (`x-when` on db_ip and
 * db_port of schemas/plataforma/clientes.schema.json), the address a valid IP; an embedded space
 * stores neither, whatever the form sent. The system is required for PostgreSQL and kept, though
 * optional, for an embedded space (`"hide": false`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformApi, tenantWithSpace, type PlatformApi } from './support/platform.js';

describe('the address of a space database', () => {
  let api: PlatformApi;
  beforeAll(async () => { api = await startPlatformApi(); }, 120_000);
  afterAll(() => api?.close(), 60_000);

  it('requires the IP and port of a PostgreSQL space, on the space row, and creates nothing', async () => {
    const missing = await api.operator('POST', '/api/clientes', tenantWithSpace('regional-pg', { db_type: 'pgsql' }));
    expect(missing.status, missing.text).toBe(422);
    expect(missing.body.errors).toEqual({
      'tenant_configs.0.db_ip': ['O campo IP do banco é obrigatório.'],
      'tenant_configs.0.db_port': ['O campo Porta do banco é obrigatório.'],
      'tenant_configs.0.system_id': ['O campo Sistema é obrigatório.'],
    });
    const system = await api.operator('POST', '/api/sistemas', { name: 'Sistema Regional', prefix: 'REG', url: 'regional.conselho.org.br' });
    expect(system.status, system.text).toBe(201);
    const notAnIp = await api.operator('POST', '/api/clientes', tenantWithSpace('regional-pg', { db_type: 'pgsql', db_ip: 'banco.local', db_port: '5432', system_id: system.body.data.id }));
    expect(notAnIp.body.errors).toEqual({ 'tenant_configs.0.db_ip': ['O campo IP do banco deve ser um endereço IP válido.'] });
    expect((await api.operator('GET', '/api/clientes')).body.data.map((t: { name: string }) => t.name)).not.toContain('Conselho regional-pg');
  });

  it('stores no address for an embedded space, and keeps its system', async () => {
    const system = await api.operator('POST', '/api/sistemas', { name: 'Sistema Embarcado', prefix: 'EMB', url: 'embarcado.conselho.org.br' });
    const created = await api.operator('POST', '/api/clientes', tenantWithSpace('regional-embarcado', { db_ip: '10.0.0.5', db_port: '5432', system_id: system.body.data.id }));
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.tenant_configs[0]).toMatchObject({ db_type: 'pglite', db_ip: null, db_port: null, system_id: system.body.data.id });
  }, 120_000);
});
