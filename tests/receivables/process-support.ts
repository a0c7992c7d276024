/**
 * The receivables' space on a product's own data (a data folder and, on PostgreSQL, its database),
 * for the tests that start the product as a process and kill it: set up in this process (the
 * generation's space, tests/receivables/generation-support.ts, as main.ts opens the data, on the
 * generation tests' clock), then closed, so a product process can open the same data; read back
 * between processes through a handle of the test's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { loadModel } from '../../language/index.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { openDatabase } from '../../src/server/core/db/index.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { isSpaceless } from '../../src/server/core/http/space.js';
import { ensureAdministrator } from '../../src/server/features/auth/index.js';
import { platformTarget, registerTenancy, SpaceDirectory } from '../../src/server/features/platform/index.js';
import { MIGRATIONS } from '../../src/server/features.js';
import { call, login, ROOT, type TestServer } from '../api/support/server.js';
import { createTestTarget, platformDataDir, TEST_SPACE_TEMPLATES, type DatabaseKind, type TestTarget } from '../support/databases.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../resilience/support/product-process.js';
import { CLOCK, setUpGeneration, type GenerationSetUp } from './generation-support.js';

export interface ProductData {
  kind: DatabaseKind;
  /** The product's variables for this data: DATA_DIR and, on PostgreSQL, DATABASE_URL. */
  env: Record<string, string>;
  /** Reads or changes the data while no process holds it (PGlite) or beside them (PostgreSQL). */
  withDb<T>(work: (db: Kysely<any>) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** A fresh data folder (and database on PostgreSQL) holding the migrated platform and default space. */
export async function productData(kind: DatabaseKind): Promise<ProductData> {
  const dataDir = platformDataDir('test-receivables-process-', kind);
  const target: TestTarget | null = kind === 'postgres' ? await createTestTarget('postgres', 'platformAndSpace') : null;
  const databaseUrl = target && target.target.kind === 'postgres' ? target.target.url : undefined;
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  return {
    kind, env,
    async withDb(work) {
      const handle = await openDatabase(platformTarget({ dataDir, databaseUrl }));
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    },
    async drop() {
      await target?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The generation's space (generation-support.ts) made through the API of an app built in this
 * process on the data, then `extra` registrations 'Ativa' since 2020 (a quarter Reduzida) written
 * by one statement each for their parties and themselves; the app closed.
 */
export async function setUpOnData(data: ProductData, extra: number): Promise<GenerationSetUp> {
  const directory = await SpaceDirectory.open({ spaceTemplatesDir: TEST_SPACE_TEMPLATES, migrations: MIGRATIONS, dataDir: data.env.DATA_DIR!, databaseUrl: data.env.DATABASE_URL });
  const work = mkdtempSync(join(tmpdir(), 'test-receivables-setup-'));
  try {
    const db = (await directory.resolve(undefined)).db;
    await ensureAdministrator(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    // The reference data first, as the product's start writes it: the records made below refer to it.
    await seedReferenceData(db);
    const model = loadModel(ROOT);
    const app = await buildApp({
      config: loadConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, DATA_DIR: work }, ROOT), model, clock: CLOCK, logger: false,
      tenancy: (root) => registerTenancy(root, directory, { prefix: '/api', skip: isSpaceless }),
    });
    try {
      const server: TestServer = { app, db, model, adminToken: await login(app, ADMIN_EMAIL, ADMIN_PASSWORD), close: async () => undefined };
      const setUp = await setUpGeneration(server, call(server, server.adminToken), { seeded: true });
      const { registrations: r } = setUp;
      const partyType = await db.selectFrom('party_types').select('id').where('behave_like', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      await sql`insert into parties (name, behave_like, party_type_id) select 'Profissional ' || n, 1, ${partyType.id}::bigint from generate_series(1, ${extra}) n`.execute(db);
      await sql`insert into registrations (person_type, party_id, category_id, registration_type_id, registration_phase_id, situation_id, situation_date, contribution_range_id, status, registration_date)
                select 1, p.id, ${r.categories.engineer}::bigint, ${r.type}::bigint, ${r.phases.definitive}::bigint, ${r.situations.active}::bigint, '2020-01-01',
                       case when p.id % 4 = 0 then ${r.ranges.reduced}::bigint else ${r.ranges.full}::bigint end, 1, '2020-01-01'
                  from parties p where p.name like 'Profissional %'`.execute(db);
      return setUp;
    } finally {
      await app.close();
    }
  } finally {
    await directory.close();
    rmSync(work, { recursive: true, force: true });
  }
}
