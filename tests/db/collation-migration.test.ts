import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FolderMigrationProvider, migrateToLatest } from '../../src/server/core/db/migrate.js';
import { openDatabase } from '../../src/server/core/db/index.js';
import { createTestTarget, DATABASE_KINDS } from '../support/databases.js';
import { MIGRATIONS } from '../../src/server/features.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** The generated migration that moved the text columns to ICU's root collation. */
const COLLATION_MIGRATION = '20261121202500_alter_23_tables';
const PT_BR_ORDER = ['Abadia', 'Ação', 'Acre', 'agua', 'Água', 'Éden', 'Ema', 'Zé'];
const BYTE_ORDER = ['Abadia', 'Acre', 'Ação', 'Ema', 'Zé', 'agua', 'Água', 'Éden'];

/** The space migrations as they were before the collation migration: a database of the previous release. */
class MigrationsBefore implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { [COLLATION_MIGRATION]: _collation, ...before } = await new FolderMigrationProvider(MIGRATIONS.space.folders).getMigrations();
    return before;
  }
}

const denominations = async (db: Kysely<any>) =>
  (await db.selectFrom('civil_statuses').select('denomination').orderBy('denomination').orderBy('id').execute()).map((row) => row.denomination);

describe('the collation migration', () => {
  it('is a generated space migration', () => {
    expect(existsSync(join(ROOT, 'generated/migrations', `${COLLATION_MIGRATION}.ts`))).toBe(true);
  });
});

for (const kind of DATABASE_KINDS) {
  describe(`an existing database migrated to the text collation [${kind}]`, () => {
    // Every space migration from an empty database: PGlite takes 6 s alone, and more than 60 s beside
    // a second suite on two cores.
    it('keeps its rows and sorts them in pt-BR order after the next start', async () => {
      const { target, drop } = await createTestTarget(kind);
      try {
        const previousRelease = await openDatabase(target);
        const migrator = new Migrator({
          db: previousRelease.db, provider: new MigrationsBefore(), allowUnorderedMigrations: true,
          migrationTableName: MIGRATIONS.space.table, migrationLockTableName: `${MIGRATIONS.space.table}_lock`,
        });
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        for (const denomination of [...PT_BR_ORDER].reverse()) await previousRelease.db.insertInto('civil_statuses').values({ denomination }).execute();
        const rows = await previousRelease.db.selectFrom('civil_statuses').select(['id', 'denomination']).orderBy('id').execute();
        expect(await denominations(previousRelease.db)).toEqual(BYTE_ORDER);
        await previousRelease.close();

        const started = await openDatabase(target);
        try {
          const db = started.db;
          expect(await migrateToLatest(db, MIGRATIONS.space)).toEqual([COLLATION_MIGRATION]);
          expect(await db.selectFrom('civil_statuses').select(['id', 'denomination']).orderBy('id').execute()).toEqual(rows);
          expect(await denominations(db)).toEqual(PT_BR_ORDER);
          const { rows: columns } = await sql<{ collation_name: string }>`
            select collation_name from information_schema.columns where table_name = 'civil_statuses' and column_name = 'denomination'`.execute(db);
          expect(columns).toEqual([{ collation_name: 'und-x-icu' }]);
          await expect(db.insertInto('civil_statuses').values({ denomination: 'ÁGUA' }).execute()).rejects.toThrow(/civil_statuses_denomination_unique/);
          const found = await db.selectFrom('civil_statuses').select('denomination')
            .where(sql<boolean>`immutable_unaccent(lower(denomination)) like ${'%agua%'}`).orderBy('denomination').execute();
          expect(found.map((row) => row.denomination)).toEqual(['agua', 'Água']);
        } finally {
          await started.close();
        }
      } finally {
        await drop();
      }
    }, 240_000);
  });
}
