import type { Kysely } from 'kysely';

/** Where a database lives: an embedded PGlite folder or a PostgreSQL server. */
export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string };

/** An open database. `close()` ends the pool and, for PGlite, stops its worker and frees the folder. */
export interface DatabaseHandle {
  db: Kysely<any>;
  target: DatabaseTarget;
  close(): Promise<void>;
}
