import { readdirSync, existsSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import { ensureSearchVocabulary } from './search-vocabulary.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

export interface MigrationSet {
  /** Folders of `<name>.ts` files exporting `up(db)` and `down(db)`; the names order them across folders. */
  folders: string[];
  /** Kysely's bookkeeping table; each set has its own, so two sets can share one database. */
  table: string;
}

/** The migrations of a space database and of the platform database. */
export interface MigrationSets {
  space: MigrationSet;
  platform: MigrationSet;
}

/** What a feature adds to each database's migrations (src/server/core/feature.ts). */
export interface FeatureMigrations {
  migrations: readonly string[];
  platformMigrations: readonly string[];
}

/**
 * The migration sets of an app made of these features. A space database: extensions and functions
 * first, the uploaded files' table, the tables the schemas describe, the reference data's edition,
 * then each feature's hand-written tables (src/server/features.ts). The platform database: the same
 * extensions, the tables of the schemas kept there (`"x-database": "platform"`), then the features'.
 * Folder order does not order the migrations: their names do, across folders.
 */
export function migrationSets(features: readonly FeatureMigrations[]): MigrationSets {
  const core = join(ROOT, 'src/server/core/db/core-migrations');
  return {
    space: {
      folders: [core, join(ROOT, 'src/server/core/storage/migrations'), join(ROOT, 'generated/migrations'), join(ROOT, 'src/server/core/seed/migrations'), ...features.flatMap((feature) => feature.migrations)],
      table: 'kysely_migration',
    },
    platform: {
      folders: [core, join(ROOT, 'generated/platform-migrations'), ...features.flatMap((feature) => feature.platformMigrations)],
      table: 'platform_migration',
    },
  };
}

/** Applies the pending migrations of a set (nothing when none are pending); returns the names applied. */
export async function migrateToLatest<DB>(db: Kysely<DB>, set: MigrationSet): Promise<string[]> {
  if (await upToDate(db, set)) {
    await ensureSearchVocabulary(db);
    return [];
  }
  const migrator = new Migrator({
    db,
    provider: new FolderMigrationProvider(set.folders),
    migrationTableName: set.table,
    migrationLockTableName: `${set.table}_lock`,
    // Migrations of several folders interleave by name; a folder added later may sort earlier.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result: MigrationResult) => result.status === 'Error');
  if (error) {
    const where = failed ? ` (migração ${failed.migrationName})` : '';
    throw new Error(`Falha ao aplicar as migrações${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await ensureSearchVocabulary(db);
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // A changed column loses its planner statistics (a new type or collation), and with them the
  // estimates lists and searches rely on: gather them again rather than wait for autovacuum.
  if (applied.length > 0) await sql`analyze`.execute(db);
  return applied;
}

/**
 * Whether the database holds exactly the set's migrations, by name: the usual case at a start. Kysely's
 * migrator would first read the whole catalogue (every table and column) to find its own two tables
 * and import every migration file, seconds on an embedded database; a pending, missing or unknown
 * migration goes to the migrator, which applies it or says what is wrong.
 */
async function upToDate<DB>(db: Kysely<DB>, set: MigrationSet): Promise<boolean> {
  const { rows: [found] } = await sql<{ table: string | null }>`select to_regclass(${set.table})::text as table`.execute(db);
  if (!found?.table) return false;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(set.table)}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  const names = migrationNames(set.folders);
  return names.length === applied.size && names.every((name) => applied.has(name));
}

/** The names of a set's migration files, without importing them. */
function migrationNames(folders: string[]): string[] {
  return folders.filter((folder) => existsSync(folder)).flatMap((folder) => readdirSync(folder).filter(isMigrationFile).map((file) => basename(file, extname(file))));
}

/** Merges the migration files of several folders; a name may appear only once. */
export class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folders: string[]) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const folder of this.folders) {
      if (!existsSync(folder)) continue;
      for (const file of readdirSync(folder).sort()) {
        if (!isMigrationFile(file)) continue;
        const name = basename(file, extname(file));
        if (migrations[name]) throw new Error(`Migração duplicada: ${name} (${folder})`);
        const module = (await import(pathToFileURL(join(folder, file)).href)) as Migration;
        migrations[name] = { up: module.up, down: module.down };
      }
    }
    return migrations;
  }
}

function isMigrationFile(file: string): boolean {
  return /\.(ts|js|mjs)$/.test(file) && !file.endsWith('.d.ts') && !file.includes('.test.');
}
