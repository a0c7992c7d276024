/**
 * The verification limit's counts in the database (src/server/features/certificates/verification-limit.ts):
 * many requests of one address at once, through two stores standing for two processes, are each
 * counted once; another address or route counts apart; a new minute starts again; old rows are swept.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { up } from '../../src/server/features/certificates/platform-migrations/20261128110000_rate_limit_hits.js';
import { databaseRateStore } from '../../src/server/features/certificates/verification-limit.js';
import { describeOnDatabases } from '../support/databases.js';

const MINUTE = 60_000;

describeOnDatabases('verification limit counted in the database', (getDb) => {
  let clock = Date.UTC(2026, 10, 28, 12, 0, 5);
  const now = () => clock;
  const count = (store: { incr(key: string, done: (error: Error | null, counted?: { current: number; ttl: number }) => void, window: number): void }, key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, counted) => (error ? reject(error) : resolve(counted!)), MINUTE));
  const route = (url: string) => ({ routeInfo: { url } });

  it('counts each of many requests at once exactly once, across two processes', async () => {
    await up(getDb());
    const first = new (databaseRateStore(getDb(), now))().child(route('/api/verificar/:code'));
    const second = new (databaseRateStore(getDb(), now))().child(route('/api/verificar/:code'));
    const counted = await Promise.all(Array.from({ length: 60 }, (_, i) => count(i % 2 ? first : second, '203.0.113.7')));
    expect(counted.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(counted.every((c) => c.ttl === 55_000)).toBe(true);
    expect((await count(first, '198.51.100.9')).current).toBe(1);
    const page = new (databaseRateStore(getDb(), now))().child(route('/verificar/:code'));
    expect((await count(page, '203.0.113.7')).current).toBe(1);
  });

  it('counts an address of any length (a forwarded header is whatever a client wrote)', async () => {
    const store = new (databaseRateStore(getDb(), now))().child(route('/api/verificar/:code'));
    const long = `${randomBytes(5_000).toString('hex')}, 203.0.113.7`;
    expect((await count(store, long)).current).toBe(1);
    expect((await count(store, long)).current).toBe(2);
    expect((await count(store, `${long}x`)).current).toBe(1);
  });

  it('starts again in the next minute, and sweeps rows an hour old', async () => {
    const store = new (databaseRateStore(getDb(), now))().child(route('/api/verificar/:code'));
    clock += MINUTE;
    expect(await count(store, '203.0.113.7')).toEqual({ current: 1, ttl: 55_000 });
    clock += 2 * 60 * MINUTE;
    await count(new (databaseRateStore(getDb(), now))().child(route('/api/verificar/:code')), '192.0.2.1');
    await expect.poll(async () => (await getDb().selectFrom('rate_limit_hits').select('key').execute()).length).toBe(1);
  });
}, { migrate: false });
