/**
 * Monitor semantics through the API, against a real HTTP fixture server whose answers each case sets:
 * check now, up / warning / down after two failures, the last-change date, redirects, the outbound
 * guard on create and update, the grid order and the permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';
import { startPlatformServer, type PlatformServer } from './support/platform-server.js';

const savedAllowed = process.env.MONITOR_ALLOWED_HOSTS;
let fixture: FixtureServer;

beforeAll(async () => {
  process.env.MONITOR_ALLOWED_HOSTS = '127.0.0.1';
  fixture = await startFixtureServer();
});
afterAll(async () => {
  if (savedAllowed === undefined) delete process.env.MONITOR_ALLOWED_HOSTS;
  else process.env.MONITOR_ALLOWED_HOSTS = savedAllowed;
  await fixture.close();
});

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`monitors through the API [${kind}]`, () => {
    let server: PlatformServer;
    beforeAll(async () => {
      server = await startPlatformServer(kind);
    }, 120_000);
    afterAll(() => server?.close(), 60_000);

    const create = async (values: Record<string, unknown>) => {
      const response = await server.admin('POST', '/api/monitores', { service_name: 'Portal', system_name: 'Conselho', uptime_check_enabled: true, ...values });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data as Record<string, any>;
    };
    const checkNow = async (id: number) => {
      const response = await server.admin('POST', `/api/monitores/${id}/check`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data as Record<string, any>;
    };

    it('a new monitor is not yet checked; check now turns it up and dates the change once', async () => {
      const url = fixture.route(`/${kind}/portal`, { body: 'Portal do conselho' });
      const monitor = await create({ url, look_for_string: 'conselho' });
      expect(monitor).toMatchObject({ url, uptime_status: 'not yet checked', uptime_check_times_failed_in_a_row: 0, uptime_check_method: 'get', uptime_check_interval_in_minutes: 1 });

      const up = await checkNow(monitor.id);
      expect(up).toMatchObject({ id: monitor.id, uptime_status: 'up', uptime_check_failure_reason: null, json_response: { outcome: 'up', status: 200 } });
      expect(up.uptime_status_last_change_date).toEqual(expect.any(String));
      expect(up.uptime_check_last_response_time).toBeGreaterThanOrEqual(0);
      expect(fixture.hits(`/${kind}/portal`)).toBe(1);

      const again = await checkNow(monitor.id);
      expect(again.uptime_status_last_change_date).toBe(up.uptime_status_last_change_date);
      expect(again.uptime_last_check_date >= up.uptime_last_check_date).toBe(true);
      expect((await server.admin('GET', `/api/monitores/${monitor.id}`)).body.data).toMatchObject({ uptime_status: 'up' });
    });

    it('one failure keeps the status and counts it; the second turns it down; recovery turns it up', async () => {
      const path = `/${kind}/flaky`;
      const monitor = await create({ url: fixture.route(path, { body: 'ok' }) });
      const up = await checkNow(monitor.id);

      fixture.route(path, { status: 503, body: 'manutenção' });
      const once = await checkNow(monitor.id);
      expect(once).toMatchObject({ uptime_status: 'up', uptime_check_times_failed_in_a_row: 1, uptime_check_failure_reason: 'Resposta HTTP 503 (esperado 2xx).' });
      expect(once.uptime_status_last_change_date).toBe(up.uptime_status_last_change_date);

      const twice = await checkNow(monitor.id);
      expect(twice).toMatchObject({ uptime_status: 'down', uptime_check_times_failed_in_a_row: 2, uptime_check_failure_reason: 'Resposta HTTP 503 (esperado 2xx).' });
      expect(twice.uptime_status_last_change_date > up.uptime_status_last_change_date).toBe(true);
      expect(twice.uptime_check_failed_event_fired_on_date).toEqual(expect.any(String));

      const still = await checkNow(monitor.id);
      expect(still).toMatchObject({ uptime_status: 'down', uptime_check_times_failed_in_a_row: 3 });
      expect(still.uptime_status_last_change_date).toBe(twice.uptime_status_last_change_date);

      fixture.route(path, { body: 'ok' });
      const back = await checkNow(monitor.id);
      expect(back).toMatchObject({ uptime_status: 'up', uptime_check_times_failed_in_a_row: 0, uptime_check_failure_reason: null, uptime_check_failed_event_fired_on_date: null });
    });

    it('a right but slow answer is a warning, with why', async () => {
      const monitor = await create({ url: fixture.route(`/${kind}/slow`, { body: 'ok', delayMs: 300 }), response_time_limit: 100 });
      const checked = await checkNow(monitor.id);
      expect(checked.uptime_status).toBe('warning');
      expect(checked.uptime_check_failure_reason).toMatch(/^Tempo de resposta de \d+ ms acima do limite de 100 ms\.$/);
      expect(checked.uptime_check_last_response_time).toBeGreaterThanOrEqual(290);
    });

    it('follows up to 5 redirects; more is a failure; a redirect to a private address is refused', async () => {
      for (let step = 1; step <= 6; step++) fixture.route(`/${kind}/hop${step}`, { redirectTo: step === 6 ? `/${kind}/landing` : `/${kind}/hop${step + 1}` });
      fixture.route(`/${kind}/landing`, { body: 'chegou' });
      const five = await checkNow((await create({ url: `${fixture.origin}/${kind}/hop2`, look_for_string: 'chegou' })).id);
      expect(five).toMatchObject({ uptime_status: 'up', json_response: { final_url: `${fixture.origin}/${kind}/landing` } });

      const six = await create({ url: `${fixture.origin}/${kind}/hop1` });
      expect(await checkNow(six.id)).toMatchObject({ uptime_check_times_failed_in_a_row: 1, uptime_check_failure_reason: 'Redirecionamentos demais (mais de 5).' });

      const inside = await create({ url: fixture.route(`/${kind}/to-private`, { redirectTo: 'http://192.168.0.1/admin' }) });
      expect(await checkNow(inside.id)).toMatchObject({ uptime_check_failure_reason: 'Endereço não permitido: rede privada.' });
    });

    it('refuses private, loopback and non-http addresses on create and update (422 on url)', async () => {
      const refused = async (method: 'POST' | 'PUT', path: string, url: string, reason: string) => {
        const response = await server.admin(method, path, { service_name: 'Interno', system_name: 'Conselho', uptime_check_enabled: true, url });
        expect(response.status, url).toBe(422);
        expect(response.body.errors).toEqual({ url: [reason] });
      };
      await refused('POST', '/api/monitores', 'http://10.0.0.5/', 'Endereço não permitido: rede privada.');
      await refused('POST', '/api/monitores', 'http://169.254.169.254/latest/meta-data', 'Endereço não permitido: rede link-local.');
      // A name is judged by what it resolves to (127.0.0.1 is allowed here, 'localhost' is not).
      await refused('POST', '/api/monitores', `http://localhost:${fixture.port}/`, 'Endereço não permitido: máquina local (loopback).');
      const monitor = await create({ url: fixture.route(`/${kind}/kept`, { body: 'ok' }) });
      await refused('PUT', `/api/monitores/${monitor.id}`, 'ftp://example.com/', 'Endereço não permitido: use http ou https.');
      expect((await server.admin('GET', `/api/monitores/${monitor.id}`)).body.data.url).toBe(monitor.url);
    });

    it('a monitor whose address changes starts over as not yet checked', async () => {
      const monitor = await create({ url: fixture.route(`/${kind}/old`, { status: 500 }) });
      await checkNow(monitor.id);
      const moved = await server.admin('PUT', `/api/monitores/${monitor.id}`, { ...monitor, url: fixture.route(`/${kind}/new`, { body: 'ok' }) });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data).toMatchObject({ uptime_status: 'not yet checked', uptime_check_times_failed_in_a_row: 0, uptime_last_check_date: null, uptime_check_failure_reason: null });
    });

    it('GET status lists every monitor in the grid order with the response time limit', async () => {
      await server.platform.deleteFrom('monitors').execute();
      for (const status of ['up', 'warning', 'down', 'deleted', 'not yet checked']) {
        await server.platform.insertInto('monitors').values({ url: 'https://example.com/', service_name: status, system_name: 'Conselho', uptime_status: status, uptime_check_enabled: false }).execute();
      }
      const response = await server.admin('GET', '/api/monitores/status');
      expect(response.status).toBe(200);
      expect(response.body.data.map((row: { uptime_status: string }) => row.uptime_status)).toEqual(['deleted', 'not yet checked', 'down', 'warning', 'up']);
      expect(response.body.monitor_response_time_limit).toBe(2000);
    });

    it('the list sorts Situação in the grid order, both ways, by page, by cursor and while searching', async () => {
      await server.platform.deleteFrom('monitors').execute();
      const statuses = ['up', 'warning', 'down', 'deleted', 'not yet checked'];
      for (const [index, status] of [...statuses, ...statuses].entries()) {
        await server.platform.insertInto('monitors').values({ url: `https://example.com/${index}`, service_name: `Portal ${index}`, system_name: 'Conselho', uptime_status: status, uptime_check_enabled: false }).execute();
      }
      const statusesOf = (body: { data: { uptime_status: string }[] }) => body.data.map((row) => row.uptime_status);
      const list = (params: Record<string, string>) => server.admin('GET', `/api/monitores?${new URLSearchParams({ sort: 'uptime_status', ...params })}`);
      const gridOrder = ['deleted', 'deleted', 'not yet checked', 'not yet checked', 'down', 'down', 'warning', 'warning', 'up', 'up'];

      expect(statusesOf((await list({ order: 'asc' })).body)).toEqual(gridOrder);
      expect(statusesOf((await list({ order: 'desc' })).body)).toEqual([...gridOrder].reverse());
      expect(statusesOf((await list({ order: 'asc', q: 'Portal' })).body)).toEqual(gridOrder);

      const byPage = [...statusesOf((await list({ per_page: '3', page: '1' })).body), ...statusesOf((await list({ per_page: '3', page: '2' })).body)];
      const first = await list({ per_page: '3' });
      const second = await list({ per_page: '3', cursor: first.body.meta.next_cursor });
      expect(second.status).toBe(200);
      expect([...statusesOf(first.body), ...statusesOf(second.body)]).toEqual(byPage);
      expect(byPage).toEqual(gridOrder.slice(0, 6));
    });

    it('a deleted monitor is not checked on demand; an unknown one is 404', async () => {
      const [deleted] = await server.platform.selectFrom('monitors').select('id').where('uptime_status', '=', 'deleted').execute();
      const response = await server.admin('POST', `/api/monitores/${deleted.id}/check`);
      expect(response).toEqual({ status: 422, body: { message: 'Este monitor está marcado como excluído e não é mais verificado.' } });
      expect((await server.admin('POST', '/api/monitores/999999/check')).status).toBe(404);
    });

    it('permissions: monitor.index lists, monitor.insert creates, monitor.update checks', async () => {
      const reader = await server.userWith(['monitor.index']);
      expect((await reader('GET', '/api/monitores/status')).status).toBe(200);
      expect((await reader('GET', '/api/monitores')).status).toBe(200);
      const [any] = await server.platform.selectFrom('monitors').select('id').where('uptime_status', '<>', 'deleted').execute();
      expect((await reader('POST', `/api/monitores/${any.id}/check`)).status).toBe(403);
      const body = { url: fixture.route(`/${kind}/perm`, { body: 'ok' }), service_name: 'Portal', system_name: 'Conselho', uptime_check_enabled: true };
      expect((await reader('POST', '/api/monitores', body)).status).toBe(403);

      const inserter = await server.userWith(['monitor.insert']);
      expect((await inserter('POST', '/api/monitores', body)).status).toBe(201);
      expect((await inserter('GET', '/api/monitores/status')).status).toBe(403);

      const updater = await server.userWith(['monitor.update']);
      expect((await updater('POST', `/api/monitores/${any.id}/check`)).status).toBe(200);
    });
  });
}
