/**
 * Two server processes on one PostgreSQL database draw by hand over real HTTP while a third writer
 * (this process) draws inside transactions it rolls back: 1,000 draws at once over three
 * sequences, one in ten rolled back. Every committed number is there once and none is missing.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../generated/database.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import { drawNumber } from '../../src/server/services/sequences/draw.js';
import { call, logIn, startProductProcess, type ProductProcess } from '../resilience/support/product-process.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { bookBlocks } from './support/sequences.js';
import { BOOK_ENDS, tally, type Committed } from './support/tally.js';

const DRAWS = 1000;
const IN_FLIGHT = 64;
const DATE = '2026-03-10';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('draws from two server processes on one PostgreSQL, with rollbacks beside them', () => {
  let target: TestTarget;
  let servers: ProductProcess[] = [];
  let handle: DatabaseHandle;
  let token: string;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    target = await createTestTarget('postgres', 'platformAndSpace');
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'test-sequence-process-'));
      dataDirs.push(dir);
      return { DATABASE_URL: (target.target as { url: string }).url, DATA_DIR: dir };
    };
    // The second starts once the first has migrated the database, as a rolling start would.
    servers = [await startProductProcess(env())];
    servers.push(await startProductProcess(env()));
    token = await logIn(servers[0].url);
    handle = await openDatabase(target.target);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await handle?.close();
    await target?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`${DRAWS} draws over 3 sequences, 10% rolled back: duplicates 0, gaps 0`, async () => {
    const base = { number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false };
    const bodies = [
      { ...base, name: 'Inscrições', formatting: 'INS-{numero:5}' },
      { ...base, name: 'Processos', formatting: '{numero:4}/{ano}', annual_restart: true },
      { ...base, name: 'Registros em livro', formatting: 'L{livro}F{folha}O{ordem}-{numero}', has_book: true, ...bookBlocks(BOOK_ENDS) },
    ];
    const ids: number[] = [];
    for (const body of bodies) {
      const created = await call(servers[0].url, 'POST', '/api/sequencias', { token, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.data.id);
    }

    const committed: Committed[] = [];
    const byServer = [0, 0];
    const failures: string[] = [];
    let rolledBack = 0;
    const draw = async (i: number) => {
      const sequence = ids[i % 3];
      if (i % 10 === 5) {
        await handle.db.transaction().execute(async (trx) => {
          await drawNumber(trx as Kysely<SpaceDatabase>, sequence, { date: DATE });
          await sleep(i % 4);
          throw new Error('desfeito');
        }).catch(() => (rolledBack += 1));
        return;
      }
      const server = i % 2;
      const answer = await call(servers[server].url, 'POST', `/api/sequencias/${sequence}/next`, { token, body: { date: DATE } });
      if (answer.status !== 200) return failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      byServer[server] += 1;
      committed.push({ sequence, ...answer.body.data });
    };
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < DRAWS) await draw(next++);
    }));

    const result = await tally(handle.db, ids, committed);
    console.log(`[2 processes + rollbacks] ${DRAWS} draws: ${committed.length} committed (${byServer.join(' + ')} by the two processes), ${rolledBack} rolled back, duplicates ${result.duplicates}, gaps ${result.gaps}, misplaced ${result.misplaced}, per sequence ${result.perSequence.join('/')}`);
    expect(failures).toEqual([]);
    expect(rolledBack).toBe(DRAWS / 10);
    expect(committed).toHaveLength(DRAWS - DRAWS / 10);
    expect(result).toMatchObject({ duplicates: 0, gaps: 0, misplaced: 0 });
    expect(byServer.every((count) => count > 0)).toBe(true);
  }, 180_000);
});
