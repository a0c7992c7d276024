/**
 * Runs a test suite on both databases the server supports: a fresh embedded PGlite in a temporary
 * folder and a fresh PostgreSQL database `test_<random>` (dropped afterwards) on
 * `TEST_POSTGRES_URL` (default postgres://postgres@127.0.0.1:5432/postgres, through the server's local
 * socket when it has one).
 *
 *   describeOnDatabases('civil statuses', (getDb, kind) => {
 *     it('lists', async () => { const rows = await getDb().selectFrom('civil_statuses').selectAll().execute(); });
 *   });
 *
 * The database is migrated to the latest space migrations before the suite (`{ migrate: false }`
 * for an empty one). To build the API server on a fresh database instead, use `createTestTarget(kind)`,
 * hand `target` to the server, and call `drop()` after closing the server.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../../src/server/core/db/index.js';
import { migrateToLatest, type MigrationSet } from '../../src/server/core/db/migrate.js';
import { platformTarget, spaceTarget } from '../../src/server/features/platform/config.js';
import { copyFolder } from './copy-folder.js';
import { tablespaceClause } from './tablespace.js';
import { pgliteTemplate, postgresTemplate, type TemplateName } from './templates.js';
import { MIGRATIONS } from '../../src/server/features.js';

export type DatabaseKind = DatabaseTarget['kind'];

/**
 * Both databases the product runs on: for the tests whose subject is the database itself (docs/TESTING.md
 * 'Which database'): migrations, the generic CRUD and lists, the fuzz suite and the authorization
 * matrix, sequences and queues under concurrency, tenancy, triggers, search and collation,
 * reconnecting after idle time.
 */
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

/**
 * A feature's behaviour, which the engine does not change: once, on PostgreSQL, production's engine.
 * The driver, the types read back, the locks and the statements the generic layers write are tried
 * on both by the tests above.
 */
export const FEATURE_DATABASE_KINDS: DatabaseKind[] = ['postgres'];

/** Debian's folder of PostgreSQL's local socket. */
const SOCKET_FOLDER = '/var/run/postgresql';

/**
 * The tests' PostgreSQL server. Its own connections go through the local socket where the server has
 * one (`?host=` names the folder; pg reads it over the address): the fuzz suite on PostgreSQL took
 * 26 s that way against 28–31 s through loopback TCP, its socket writes a third cheaper. Spaces the
 * tests create keep the address (127.0.0.1:5432), as a council's space names a host.
 */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL
  ?? `postgres://postgres@127.0.0.1:5432/postgres${existsSync(`${SOCKET_FOLDER}/.s.PGSQL.5432`) ? `?host=${SOCKET_FOLDER}` : ''}`;

/**
 * Where the tests' servers copy new embedded spaces from (SPACE_TEMPLATES_DIR, set for every test
 * process and the products they start by vite.config.ts): one template per edition, made by the
 * first space a run creates, instead of one per test's data folder.
 */
export const TEST_SPACE_TEMPLATES = process.env.SPACE_TEMPLATES_DIR ?? join(tmpdir(), 'conselho-space-templates');

export interface TestTarget {
  target: DatabaseTarget;
  /** Whether it is a copy of the migrated template asked for (nothing left to migrate). */
  fromTemplate: boolean;
  /** Deletes the folder or drops the database; call it after every handle on `target` is closed. */
  drop(): Promise<void>;
}

/**
 * A fresh database of the given kind: empty, or a copy of a migrated template (templates.ts) when
 * one is named and the global setup built it (else empty: the caller's migrations do the rest).
 */
export async function createTestTarget(kind: DatabaseKind, template?: TemplateName): Promise<TestTarget> {
  if (kind === 'pglite') {
    const parent = mkdtempSync(join(tmpdir(), 'test-pglite-'));
    const dataDir = join(parent, 'db');
    const source = template && pgliteTemplate(template);
    const fromTemplate = Boolean(source && existsSync(source));
    if (fromTemplate) copyFolder(source!, dataDir);
    return {
      fromTemplate,
      target: { kind, dataDir },
      drop: async () => {
        rmSync(parent, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const fromTemplate = await onAdminDatabase(async (client) => {
    const source = template && postgresTemplate(template);
    const found = source ? Boolean((await client.query('select 1 from pg_database where datname = $1', [source])).rowCount) : false;
    // A copy is made where its template is; an empty one is put in the tests' tablespace (tablespace.ts).
    await client.query(found ? `create database ${name} template ${source}` : `create database ${name}${await tablespaceClause(client)}`);
    return found;
  });
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    fromTemplate,
    target: { kind, url: url.toString() },
    drop: () => onAdminDatabase((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * A data folder for `SpaceDirectory.open` with no `databaseUrl`, its platform database (which is
 * also the default space) a copy of the migrated template, so that opening finds nothing to migrate.
 * Only on PGlite: on PostgreSQL the platform is a database (`createTestTarget('postgres', 'platformAndSpace')`).
 */
export function platformDataDir(prefix: string, kind: DatabaseKind = 'pglite'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  if (kind === 'pglite') placeCopy('platformAndSpace', platformTarget({ dataDir }));
  return dataDir;
}

/**
 * Puts a migrated database (a copy of the template) where `SpaceDirectory` opens the embedded space
 * `name` of `dataDir`, for a space a test adds by inserting its platform rows: opening it then finds
 * nothing to migrate, where an empty folder takes a PGlite first start and every migration.
 */
export function placeSpaceDatabase(dataDir: string, name: string): void {
  placeCopy('space', spaceTarget({ dataDir }, { tenant_name: name, db_type: 'pglite', db_name: name, db_ip: null, db_port: null, db_user: null, db_password: null }));
}

/** A copy of the PGlite template where an embedded target opens (nothing when the global setup built none). */
function placeCopy(template: TemplateName, target: DatabaseTarget): void {
  const source = pgliteTemplate(template);
  if (target.kind === 'pglite' && existsSync(source)) copyFolder(source, target.dataDir);
}

export interface TestDatabaseOptions {
  /** False for an empty database; default true. */
  migrate?: boolean;
  /** Which databases the suite runs on: DATABASE_KINDS (default) or FEATURE_DATABASE_KINDS. */
  kinds?: DatabaseKind[];
  /** Which migrations; default the space migrations (core + generated). */
  migrations?: MigrationSet;
}

/** Opens a fresh database of the given kind; `close()` also drops it. */
export async function openTestDatabase(kind: DatabaseKind, options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const testTarget = await createTestTarget(kind, options.migrate !== false && !options.migrations ? 'space' : undefined);
  const handle = await openDatabase(testTarget.target);
  if (options.migrate !== false && !testTarget.fromTemplate) await migrateToLatest(handle.db, options.migrations ?? MIGRATIONS.space);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await testTarget.drop();
    },
  };
}

/** `describe` once per database kind, with a fresh database per kind shared by the suite's tests. */
export function describeOnDatabases(
  name: string,
  body: (getDb: () => Kysely<any>, kind: DatabaseKind) => void,
  options: TestDatabaseOptions = {},
): void {
  for (const kind of options.kinds ?? DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await openTestDatabase(kind, options);
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(() => {
        if (!handle) throw new Error('The test database is not open yet: use getDb() inside a test or hook.');
        return handle.db;
      }, kind);
    });
  }
}

async function onAdminDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
