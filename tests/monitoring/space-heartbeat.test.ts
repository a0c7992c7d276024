/** Through the API: creating a tenant whose space has monitor_active gives the space a heartbeat monitor, and deleting it marks the monitor deleted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';
import { startPlatformServer, type PlatformServer } from './support/platform-server.js';

const savedAllowed = process.env.MONITOR_ALLOWED_HOSTS;

describe('heartbeat monitors of spaces through the API', () => {
  let fixture: FixtureServer;
  let server: PlatformServer;
  beforeAll(async () => {
    process.env.MONITOR_ALLOWED_HOSTS = '127.0.0.1';
    fixture = await startFixtureServer();
    fixture.route('/api/health', { body: '{"status":"ok"}' });
    server = await startPlatformServer('postgres');
  }, 120_000);
  afterAll(async () => {
    if (savedAllowed === undefined) delete process.env.MONITOR_ALLOWED_HOSTS;
    else process.env.MONITOR_ALLOWED_HOSTS = savedAllowed;
    await server?.close();
    await fixture?.close();
  });

  it('a space created with monitor_active gets one monitor for its system, which checks up', async () => {
    const system = await server.admin('POST', '/api/sistemas', { name: 'Sistema Sul', prefix: 'SUL', url: '127.0.0.1' });
    expect(system.status, JSON.stringify(system.body)).toBe(201);
    const tenant = await server.admin('POST', '/api/clientes', {
      name: 'Conselho Regional Sul', initials: 'CRS', email: 'sul@example.com', active: true,
      tenant_configs: [{ tenant_name: 'crs-sul', db_type: 'pglite', db_name: 'crs_sul', heartbeat_port: fixture.port, system_id: system.body.data.id, active: true, monitor_active: true }],
    });
    expect(tenant.status, JSON.stringify(tenant.body)).toBe(201);
    const monitors = (await server.admin('GET', '/api/monitores/status')).body.data.filter((row: { service_name: string }) => row.service_name === 'crs-sul');
    expect(monitors).toEqual([expect.objectContaining({ url: `http://127.0.0.1:${fixture.port}/api/health`, system_name: 'Sistema Sul', uptime_status: 'not yet checked' })]);
    const checked = await server.admin('POST', `/api/monitores/${monitors[0].id}/check`);
    expect(checked.body.data.uptime_status).toBe('up');
    expect(fixture.hits('/api/health')).toBe(1);

    const deleted = await server.admin('DELETE', `/api/clientes/${tenant.body.data.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await server.admin('GET', `/api/monitores/${monitors[0].id}`)).body.data.uptime_status).toBe('deleted');
  }, 120_000);
});
