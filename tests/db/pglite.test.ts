import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';

const run = promisify(execFile);

describe('embedded database (PGlite in a worker thread)', () => {
  let testTarget: TestTarget;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    testTarget = await createTestTarget('pglite');
    handle = await openDatabase(testTarget.target);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
    await testTarget.drop();
  });

  it('keeps the main thread responsive while a heavy query runs', async () => {
    const drifts: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      drifts.push(now - last - 10);
      last = now;
    }, 10);
    const started = performance.now();
    await sql`select count(*) from generate_series(1, 3000000) a, generate_series(1, 2) b`.execute(handle.db);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(took).toBeGreaterThan(200);
    // Run on the main thread, the query would hold every tick back until it ended: one tick late by
    // the whole query. Off it, ticks keep coming; a busy machine may delay some, never most.
    expect(drifts.length).toBeGreaterThan(took / 10 / 4);
    expect(Math.max(...drifts)).toBeLessThan(took / 2);
  }, 60_000);

  it('writes with fsync on', async () => {
    const { rows } = await sql<{ fsync: string }>`show fsync`.execute(handle.db);
    expect(rows[0].fsync).toBe('on');
  });

  it('refuses a second open of the same data folder with a clear message', async () => {
    await expect(openDatabase(testTarget.target)).rejects.toThrow(/já está aberta por outro processo.*already open/);
  });

  it('refuses the same folder to another process', async () => {
    const fixture = join(import.meta.dirname, 'fixtures/open-folder.ts');
    const dataDir = (testTarget.target as { dataDir: string }).dataDir;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture, dataDir]);
    expect(stdout).toContain(`A pasta de dados "${dataDir}" já está aberta por outro processo`);
  }, 60_000);

  it('frees the folder on close, so it opens again with the data kept', async () => {
    await sql`create table kept (v int)`.execute(handle.db);
    await sql`insert into kept values (7)`.execute(handle.db);
    await handle.close();
    handle = await openDatabase(testTarget.target);
    const { rows } = await sql<{ v: number }>`select v from kept`.execute(handle.db);
    expect(rows).toEqual([{ v: 7 }]);
  }, 60_000);
});
