/**
 * The public verification's limit per address, counted in the platform's database: every process
 * of the product then counts the same requests, and a restart forgets none. Counted in each
 * process's memory, as `@fastify/rate-limit` does by default, N processes let N times the limit
 * through. The window is fixed (the minute an address's request falls in), one upsert a request.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../generated/database.js';

/** Rows older than this are swept, at most once a minute per process. */
const KEPT_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60_000;

interface Counted {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, counted?: Counted) => void;
interface StoreOptions {
  routeInfo?: { url?: string };
}

/** A store for `@fastify/rate-limit` (its `store` option) over `db`, which must have `rate_limit_hits`. */
export function databaseRateStore(db: Kysely<PlatformDatabase>, now: () => number = Date.now) {
  let lastSweep = 0;
  const sweep = (at: number) => {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    void sql`delete from rate_limit_hits where window_start < ${new Date(at - KEPT_MS)}`.execute(db).catch(() => undefined);
  };
  return class DatabaseRateStore {
    constructor(private readonly options: StoreOptions = {}) {}

    incr(key: string, done: Done, timeWindow: number): void {
      const at = now();
      const windowStart = Math.floor(at / timeWindow) * timeWindow;
      // Each route counts apart, as the plugin's own store does. The address is digested: behind a
      // trusted proxy it is whatever the client wrote in its forwarded header, of any length.
      const scoped = createHash('sha256').update(`${this.options.routeInfo?.url ?? ''} ${key}`).digest('hex');
      sql<{ hits: number }>`
        insert into rate_limit_hits (key, window_start, hits) values (${scoped}, ${new Date(windowStart)}, 1)
        on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
        returning hits`
        .execute(db)
        .then(({ rows }) => done(null, { current: Number(rows[0].hits), ttl: windowStart + timeWindow - at }), (error: Error) => done(error));
      sweep(at);
    }

    child(routeOptions: StoreOptions): DatabaseRateStore {
      return new DatabaseRateStore(routeOptions);
    }
  };
}
