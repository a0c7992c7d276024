import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/** Where a database lives: an embedded PGlite folder or a PostgreSQL server. */
export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /** `idleTimeoutMs`: how long a pooled connection may sit unused before it closes (pg's 10 s by default). */
  | { kind: 'postgres'; url: string; idleTimeoutMs?: number };

/** An open database, of the tables `DB` names: a space's (the platform database is also the default space's). `close()` ends the pool and, for PGlite, stops its worker and frees the folder. */
export interface DatabaseHandle<DB = SpaceDatabase> {
  db: Kysely<DB>;
  target: DatabaseTarget;
  close(): Promise<void>;
}
