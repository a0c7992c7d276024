import { Kysely, PostgresDialect } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { createPool } from './pg-pool.js';
import { preparingPool } from './prepared.js';
import { startPgliteHost } from './pglite-host.js';
import { keepTablesVacuumed } from './statistics.js';
import type { DatabaseHandle, DatabaseTarget } from './types.js';

/**
 * Opens a database through Kysely's PostgresDialect and `pg` on both targets. PGlite gets a pool of
 * one connection: it runs one statement at a time, and a single connection keeps transactions apart.
 * That connection is kept however long the server sits idle (PGlite's socket is in this process, so
 * nothing is saved by closing it); should it still be replaced, the new one starts with a clean
 * session (see `sharedSession`). PGlite has no autovacuum, so its tables are vacuumed and analysed here once
 * they changed as much as autovacuum would wait for (`keepTablesVacuumed`).
 */
export async function openDatabase<DB = SpaceDatabase>(target: DatabaseTarget): Promise<DatabaseHandle<DB>> {
  if (target.kind === 'postgres') {
    // Idle connections close after pg's default 10 s (DB_IDLE_TIMEOUT_MS) and open again on demand,
    // each a new session; TCP keep-alive lets a connection held across a quiet network notice when it was dropped.
    const pool = createPool({ connectionString: target.url, max: 10, keepAlive: true, idleTimeoutMillis: target.idleTimeoutMs ?? 10_000 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return { db, target, close: () => db.destroy() };
  }
  const host = await startPgliteHost(target.dataDir);
  const pool = createPool({ host: host.socketDir, port: host.port, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { sharedSession: true }) }) });
  const stopVacuuming = keepTablesVacuumed(db);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= stopVacuuming().then(() => db.destroy()).finally(() => host.stop());
    return closing;
  };
  return { db, target, close };
}
