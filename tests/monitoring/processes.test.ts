/**
 * Two server processes (the compiled `src/server/main.ts`) on one fresh PostgreSQL database, each running its
 * background checks: every due check runs exactly once per interval, counted at the fixture server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import type { PlatformDatabase } from '../../generated/database.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { connectionOwner } from './support/connection-owner.js';
import { startFixtureServer, type FixtureServer } from './support/fixture-server.js';
import { callJson, moreTurns, startServerProcess, type ServerProcess } from './support/server-process.js';

const MONITORS = 12;
const ADMIN = { email: 'admin@example.com', password: 'senha-do-admin' };

describe('two server processes on one PostgreSQL', () => {
  let target: TestTarget;
  let fixture: FixtureServer;
  let first: ServerProcess;
  let second: ServerProcess;
  let db: DatabaseHandle<PlatformDatabase>;
  let token: string;
  const dataDirs: string[] = [];
  const checksBy = new Map<number | undefined, number>();
  const paths = Array.from({ length: MONITORS }, (_, index) => `/servico/${index}`);
  const totalHits = () => paths.reduce((sum, path) => sum + fixture.hits(path), 0);

  beforeAll(async () => {
    fixture = await startFixtureServer({
      onRequest: (request) => {
        const owner = connectionOwner(request.socket.remotePort!, request.socket.localPort!, [first?.pid, second?.pid].filter(Boolean) as number[]);
        checksBy.set(owner, (checksBy.get(owner) ?? 0) + 1);
      },
    });
    for (const path of paths) fixture.route(path, { body: 'ok', delayMs: 50 });
    target = await createTestTarget('postgres', 'platformAndSpace');
    const env = (name: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), `test-process-${name}-`));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: (target.target as { url: string }).url,
        DATA_DIR: dataDir,
        MONITOR_ALLOWED_HOSTS: '127.0.0.1',
        MONITOR_INTERVAL_MS: '100',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      };
    };
    // The second starts once the first has migrated the database, as a rolling start would.
    first = await startServerProcess(env('a'));
    second = await startServerProcess(env('b'));
    db = await openDatabase<PlatformDatabase>(target.target);
    const login = await callJson(first.origin, 'POST', '/api/auth', undefined, ADMIN);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.data.token;
  }, 240_000);

  afterAll(async () => {
    const codes = await Promise.all([first?.stop(), second?.stop()]);
    expect(codes).toEqual([0, 0]);
    await db?.close();
    await target?.drop();
    await fixture?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('each due monitor is checked once, then once more when due again, by either process', async () => {
    for (const path of paths) {
      const created = await callJson(first.origin, 'POST', '/api/monitores', token, {
        url: `${fixture.origin}${path}`, service_name: `Serviço ${path}`, system_name: 'Conselho', uptime_check_enabled: true, uptime_check_interval_in_minutes: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await expect.poll(totalHits, { timeout: 20_000, interval: 50 }).toBe(MONITORS);
    // Many more turns of both loops (every 100 ms): nothing is checked twice within the interval.
    await moreTurns([first, second], 'monitors', 10);
    expect(paths.map((path) => fixture.hits(path))).toEqual(paths.map(() => 1));

    // The interval (1 minute) passes for every monitor at once.
    await sql`update monitors set uptime_last_check_date = now() - interval '61 seconds'`.execute(db.db);
    await expect.poll(totalHits, { timeout: 20_000, interval: 50 }).toBe(2 * MONITORS);
    await moreTurns([first, second], 'monitors', 10);
    expect(paths.map((path) => fixture.hits(path))).toEqual(paths.map(() => 2));

    const statuses = await db.db.selectFrom('monitors').select('uptime_status').execute();
    expect(statuses.map((row) => row.uptime_status)).toEqual(statuses.map(() => 'up'));
    const byFirst = checksBy.get(first.pid) ?? 0;
    const bySecond = checksBy.get(second.pid) ?? 0;
    console.log(`checks: ${2 * MONITORS} due, ${totalHits()} run; by the first process ${byFirst}, by the second ${bySecond}, unattributed ${checksBy.get(undefined) ?? 0}`);
    expect(byFirst + bySecond).toBe(2 * MONITORS);
    // Monitors created one by one while both loops run: each process takes its share.
    expect(byFirst).toBeGreaterThan(0);
    expect(bySecond).toBeGreaterThan(0);
  }, 90_000);
});
