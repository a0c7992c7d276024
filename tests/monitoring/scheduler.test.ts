import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { uptimeStatusOrderSql } from '../../src/server/features/monitoring/monitor-state.js';
import { checkNow, runDueChecks, startMonitorScheduler } from '../../src/server/features/monitoring/scheduler.js';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';
import { describeOnDatabases } from '../support/databases.js';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';
import { createMonitorsTable, insertMonitor } from './support/monitors-table.js';

const check = { allowedHosts: parseAllowedHosts('127.0.0.1'), timeoutMs: 2000 };
let fixture: FixtureServer;

beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(() => fixture.close());

describeOnDatabases(
  'monitor checks stored in the monitors table',
  (getDb, kind) => {
    beforeAll(() => createMonitorsTable(getDb()));
    beforeEach(() => getDb().deleteFrom('monitors').execute());

    it('checkNow: up, then a first failure keeps up, the second turns down, recovery turns up', async () => {
      const db = getDb();
      const url = fixture.route(`/${kind}/service`, { body: 'Portal do conselho' });
      const monitor = await insertMonitor(db, { url, look_for_string: 'conselho' });
      expect(monitor.uptime_status).toBe('not yet checked');

      const first = await checkNow(db, monitor.id, { check });
      expect(first).toMatchObject({ uptime_status: 'up', uptime_check_times_failed_in_a_row: 0, uptime_check_failure_reason: null });
      expect(first!.uptime_status_last_change_date).toBeInstanceOf(Date);
      expect(first!.uptime_check_last_response_time).toBeGreaterThanOrEqual(0);
      expect(first!.json_response).toMatchObject({ outcome: 'up', status: 200, body_snippet: 'Portal do conselho' });
      const upSince = first!.uptime_status_last_change_date!.getTime();

      const again = await checkNow(db, monitor.id, { check });
      expect(again!.uptime_status_last_change_date!.getTime()).toBe(upSince);
      expect(again!.uptime_last_check_date!.getTime()).toBeGreaterThanOrEqual(first!.uptime_last_check_date!.getTime());

      fixture.route(`/${kind}/service`, { status: 500, body: 'erro' });
      const failedOnce = await checkNow(db, monitor.id, { check });
      expect(failedOnce).toMatchObject({
        uptime_status: 'up',
        uptime_check_times_failed_in_a_row: 1,
        uptime_check_failure_reason: 'Resposta HTTP 500 (esperado 2xx).',
        json_response: { outcome: 'failure', status: 500 },
      });
      expect(failedOnce!.uptime_status_last_change_date!.getTime()).toBe(upSince);

      const failedTwice = await checkNow(db, monitor.id, { check });
      expect(failedTwice).toMatchObject({ uptime_status: 'down', uptime_check_times_failed_in_a_row: 2 });
      expect(failedTwice!.uptime_status_last_change_date!.getTime()).toBeGreaterThan(upSince);
      expect(failedTwice!.uptime_check_failed_event_fired_on_date).toBeInstanceOf(Date);

      fixture.route(`/${kind}/service`, { body: 'Portal do conselho' });
      const back = await checkNow(db, monitor.id, { check });
      expect(back).toMatchObject({ uptime_status: 'up', uptime_check_times_failed_in_a_row: 0, uptime_check_failed_event_fired_on_date: null });
    });

    it('checkNow answers undefined for a monitor that does not exist', async () => {
      expect(await checkNow(getDb(), 999_999, { check })).toBeUndefined();
    });

    it('runDueChecks checks only enabled monitors that are due', async () => {
      const db = getDb();
      const now = new Date();
      const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
      const path = (name: string) => fixture.route(`/${kind}/due/${name}`, { body: 'ok' });
      await insertMonitor(db, { url: path('never'), service_name: 'nunca verificado' });
      await insertMonitor(db, { url: path('stale'), uptime_last_check_date: minutesAgo(2) });
      await insertMonitor(db, { url: path('fresh'), uptime_last_check_date: minutesAgo(0.5) });
      await insertMonitor(db, { url: path('every5'), uptime_check_interval_in_minutes: 5, uptime_last_check_date: minutesAgo(3) });
      await insertMonitor(db, { url: path('off'), uptime_check_enabled: false });
      await insertMonitor(db, { url: path('gone'), uptime_status: 'deleted' });

      const checked = await runDueChecks(db, now, { check });
      expect(checked.map((row) => row.url.split('/').pop()).sort()).toEqual(['never', 'stale']);
      for (const name of ['never', 'stale']) expect(fixture.hits(`/${kind}/due/${name}`)).toBe(1);
      for (const name of ['fresh', 'every5', 'off', 'gone']) expect(fixture.hits(`/${kind}/due/${name}`)).toBe(0);
      expect(checked.every((row) => row.uptime_last_check_date!.getTime() === now.getTime())).toBe(true);

      expect(await runDueChecks(db, now, { check })).toEqual([]);
      const later = await runDueChecks(db, new Date(now.getTime() + 61_000), { check });
      expect(later.map((row) => row.url.split('/').pop()).sort()).toEqual(['fresh', 'never', 'stale']);
    });

    it('the background loop checks a new monitor and stops cleanly', async () => {
      const db = getDb();
      const url = fixture.route(`/${kind}/loop`, { body: 'ok' });
      const monitor = await insertMonitor(db, { url });
      const scheduler = startMonitorScheduler(db, { intervalMs: 50, check });
      await expect.poll(async () => (await db.selectFrom('monitors').select('uptime_status').where('id', '=', monitor.id).executeTakeFirst())?.uptime_status, { timeout: 5000 }).toBe('up');
      await scheduler.stop();
      expect(fixture.hits(`/${kind}/loop`)).toBe(1);
    });

    it('sorts by the grid order of statuses in SQL', async () => {
      const db = getDb();
      for (const status of ['up', 'warning', 'down', 'deleted', 'not yet checked'] as const) {
        await insertMonitor(db, { url: 'https://example.com/', uptime_status: status, uptime_check_enabled: false });
      }
      const rows = await db.selectFrom('monitors').select('uptime_status').orderBy(uptimeStatusOrderSql()).execute();
      expect(rows.map((row) => row.uptime_status)).toEqual(['deleted', 'not yet checked', 'down', 'warning', 'up']);
    });
  },
  { migrate: false },
);
