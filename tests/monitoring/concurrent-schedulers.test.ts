import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import type { PlatformDatabase } from '../../generated/database.js';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';
import { runDueChecks, startMonitorScheduler } from '../../src/server/features/monitoring/scheduler.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';
import { createMonitorsTable, insertMonitor } from './support/monitors-table.js';

const check = { allowedHosts: parseAllowedHosts('127.0.0.1'), timeoutMs: 5000 };
const MONITORS = 20;

describe('several server processes on one PostgreSQL', () => {
  let fixture: FixtureServer;
  let testTarget: TestTarget;
  let first: DatabaseHandle<PlatformDatabase>;
  let second: DatabaseHandle<PlatformDatabase>;

  beforeAll(async () => {
    fixture = await startFixtureServer();
    testTarget = await createTestTarget('postgres');
    // Two pools, as two processes would have.
    first = await openDatabase<PlatformDatabase>(testTarget.target);
    second = await openDatabase<PlatformDatabase>(testTarget.target);
    await createMonitorsTable(first.db);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await testTarget?.drop();
    await fixture?.close();
  });

  async function insertDue(prefix: string): Promise<string[]> {
    const paths: string[] = [];
    for (let index = 0; index < MONITORS; index++) {
      const path = `/${prefix}/${index}`;
      // A little latency so the two processes' checks overlap.
      await insertMonitor(first.db, { url: fixture.route(path, { body: 'ok', delayMs: 30 }) });
      paths.push(path);
    }
    return paths;
  }

  it('two concurrent runs over 20 due monitors check each exactly once', async () => {
    const paths = await insertDue('runs');
    const now = new Date();
    const options = { check, batchSize: 3, concurrency: 2 };
    const drain = async (db: DatabaseHandle<PlatformDatabase>['db']) => {
      let total = 0;
      for (let claimed = -1; claimed !== 0; total += claimed) claimed = (await runDueChecks(db, now, options)).length;
      return total;
    };
    const [byFirst, bySecond] = await Promise.all([drain(first.db), drain(second.db)]);

    expect(byFirst + bySecond).toBe(MONITORS);
    expect(byFirst).toBeGreaterThan(0);
    expect(bySecond).toBeGreaterThan(0);
    expect(paths.map((path) => fixture.hits(path))).toEqual(paths.map(() => 1));
    const statuses = await first.db.selectFrom('monitors').select('uptime_status').where('url', 'like', '%/runs/%').execute();
    expect(statuses.every((row) => row.uptime_status === 'up')).toBe(true);
  });

  it('two background loops check each due monitor once', async () => {
    const paths = await insertDue('loops');
    const loops = [first.db, second.db].map((db) => startMonitorScheduler(db, { intervalMs: 20, batchSize: 4, check }));
    await expect
      .poll(() => paths.reduce((sum, path) => sum + fixture.hits(path), 0), { timeout: 10_000 })
      .toBe(MONITORS);
    // A few more turns of each loop, to prove nothing runs twice.
    const turned = loops.map((loop) => loop.turns());
    await expect.poll(() => loops.every((loop, index) => loop.turns() >= turned[index] + 5)).toBe(true);
    await Promise.all(loops.map((loop) => loop.stop()));
    expect(paths.map((path) => fixture.hits(path))).toEqual(paths.map(() => 1));
  });
});
