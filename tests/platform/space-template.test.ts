/**
 * New spaces are copies of a template made once per edition of the migrations and the reference
 * data (a folder for embedded spaces, a template database on a PostgreSQL server): each copy is a
 * database of its own, migrated and seeded, and two spaces made at once with no template yet both
 * open, leaving one template and nothing half-made behind.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/core/db/index.js';
import { migrateToLatest } from '../../src/server/core/db/migrate.js';
import { provisionSpace } from '../../src/server/features/platform/spaces/provision.js';
import { copySpaceTemplate, templateEdition } from '../../src/server/features/platform/spaces/template.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { TEST_POSTGRES_URL } from '../support/databases.js';
import { MIGRATIONS } from '../../src/server/features.js';

const work = mkdtempSync(join(tmpdir(), 'test-space-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function inSpace<T>(dataDir: string, read: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

describe('the template of new embedded spaces', () => {
  const templates = join(work, 'templates');

  it('makes two spaces at once from no template: both migrated and seeded, one template left, nothing half-made', async () => {
    await Promise.all([copySpaceTemplate(templates, MIGRATIONS.space, join(work, 'norte')), copySpaceTemplate(templates, MIGRATIONS.space, join(work, 'sul'))]);
    expect(readdirSync(templates)).toEqual([`space-${templateEdition(MIGRATIONS.space)}`]);
    for (const space of ['norte', 'sul']) {
      await inSpace(join(work, space), async (db) => {
        expect(await migrateToLatest(db, MIGRATIONS.space)).toEqual([]);
        expect(Object.values(await seedReferenceData(db)).every((added) => added === 0)).toBe(true);
        const saoPaulo = await db.selectFrom('cities').select('name').where('name', '=', 'São Paulo').execute();
        expect(saoPaulo).toHaveLength(1);
      });
    }
  }, 180_000);

  it('gives each space a database of its own: a change in one is not in the other nor in the next copy', async () => {
    await inSpace(join(work, 'norte'), (db) => db.insertInto('civil_statuses').values({ denomination: 'Só no norte' }).execute());
    await copySpaceTemplate(templates, MIGRATIONS.space, join(work, 'leste'));
    for (const space of ['sul', 'leste']) {
      const found = await inSpace(join(work, space), (db) => db.selectFrom('civil_statuses').select('id').where('denomination', '=', 'Só no norte').execute());
      expect(found, space).toEqual([]);
    }
    const kept = await inSpace(join(work, 'norte'), (db) => db.selectFrom('civil_statuses').select('id').where('denomination', '=', 'Só no norte').execute());
    expect(kept).toHaveLength(1);
  }, 120_000);

  it('refuses to copy over a folder that exists', async () => {
    mkdirSync(join(work, 'ocupado'));
    writeFileSync(join(work, 'ocupado', 'PG_VERSION'), '17');
    await expect(copySpaceTemplate(templates, MIGRATIONS.space, join(work, 'ocupado'))).rejects.toThrow();
  });

  it('is a new edition when a migration is added', () => {
    const extra = join(work, 'more-migrations');
    mkdirSync(extra);
    writeFileSync(join(extra, '9999_later.ts'), 'export async function up() {}\n');
    expect(templateEdition({ ...MIGRATIONS.space, folders: [...MIGRATIONS.space.folders, extra] })).not.toBe(templateEdition(MIGRATIONS.space));
  });
});

describe('the template database of new PostgreSQL spaces', () => {
  // A migration of this run alone makes an edition no other run has, so no template exists yet.
  const extra = join(work, 'run-migrations');
  mkdirSync(extra);
  writeFileSync(join(extra, `9999_run_${randomBytes(4).toString('hex')}.ts`), 'export async function up() {}\nexport async function down() {}\n');
  const migrations = { ...MIGRATIONS.space, folders: [...MIGRATIONS.space.folders, extra] };
  const server = new URL(TEST_POSTGRES_URL);
  const suffix = randomBytes(4).toString('hex');
  const names = [`test_tpl_norte_${suffix}`, `test_tpl_sul_${suffix}`];
  const template = `conselho_space_template_${templateEdition(migrations)}`;
  const onServer = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try { return await work(client); } finally { await client.end(); }
  };
  afterAll(() => onServer(async (client) => {
    for (const name of [...names, template]) await client.query(`drop database if exists ${name} with (force)`);
  }), 60_000);

  it('makes two spaces at once from no template: both migrated, seeded and with their administrator; one template, nothing half-made', async () => {
    const row = (db_name: string) => ({
      tenant_name: db_name, db_type: 'pgsql', db_name, db_ip: server.hostname, db_port: server.port || '5432', db_user: decodeURIComponent(server.username) || 'postgres', db_password: server.password || null,
    } as const);
    const made = await Promise.all(names.map((name) => provisionSpace({ dataDir: work, migrations: { ...MIGRATIONS, space: migrations } }, row(name), `admin@${name}.test`)));
    expect(made.every((space) => space.initialAdmin !== null)).toBe(true);
    const databases = await onServer((client) => client.query<{ datname: string }>("select datname from pg_database where datname like 'conselho_space_template_%' and datname like $1", [`${template}%`]));
    expect(databases.rows.map((row) => row.datname)).toEqual([template]);
    for (const name of names) {
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        expect(await migrateToLatest(handle.db, migrations)).toEqual([]);
        expect((await handle.db.selectFrom('cities').select('id').where('name', '=', 'São Paulo').execute())).toHaveLength(1);
        expect((await handle.db.selectFrom('users').select('email').execute()).map((user) => user.email)).toEqual([`admin@${name}.test`]);
      } finally {
        await handle.close();
      }
    }
  }, 180_000);
});
