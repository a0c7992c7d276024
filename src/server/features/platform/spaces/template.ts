import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../../../core/db/index.js';
import { migrateToLatest, type MigrationSet } from '../../../core/db/migrate.js';
import { seedReferenceData } from '../../../core/seed/index.js';
import { referenceEdition } from '../../../core/seed/edition.js';
import { vocabularyEdition } from '../../../core/db/search-vocabulary.js';

/**
 * A new space starts as a copy of a template: a database already migrated and seeded, named after
 * the migrations and the reference seed's edition it holds. Making one costs what a space always
 * cost (every migration and the reference data: seconds each; for PGlite its first start too); every
 * later space of that edition is a copy: of a folder (PGlite), or by CREATE DATABASE … TEMPLATE of
 * the database `conselho_space_template_<edition>` kept on the space's PostgreSQL server. The copy
 * is then migrated and seeded like any space (both find nothing to do), so a template never stands
 * in for a step it did not take.
 */

/** Templates left half-made by a process that died are removed after an hour; other editions' after a week. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const OUTDATED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

let editionCache: { key: string; digest: string } | undefined;

/** The edition a template holds: every migration file's name and content, the reference seed's edition and the search vocabulary's functions. */
export function templateEdition(migrations: MigrationSet): string {
  const key = migrations.folders.join('\0');
  if (editionCache?.key === key) return editionCache.digest;
  const hash = createHash('sha256');
  for (const folder of migrations.folders) {
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).sort()) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(folder, file)));
    }
  }
  hash.update(referenceEdition());
  hash.update(vocabularyEdition());
  editionCache = { key, digest: hash.digest('hex').slice(0, 16) };
  return editionCache.digest;
}

/**
 * Copies a migrated, seeded database into `dataDir` (which must not exist), making the template
 * first when this edition has none. Two processes making the same template at once each build a
 * folder of their own and the first rename wins.
 */
export async function copySpaceTemplate(templatesDir: string, migrations: MigrationSet, dataDir: string): Promise<void> {
  cpSync(await pgliteTemplate(templatesDir, migrations), dataDir, { recursive: true, errorOnExist: true, force: false });
}

/** The folder of this edition's embedded template, made when missing. */
export async function pgliteTemplate(templatesDir: string, migrations: MigrationSet): Promise<string> {
  const template = join(templatesDir, `space-${templateEdition(migrations)}`);
  if (!existsSync(template)) await makeTemplate(templatesDir, migrations, template);
  return template;
}

/** Migrates and seeds a new database, then closes it: the contents of every template. */
async function fill(target: DatabaseTarget, migrations: MigrationSet): Promise<void> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db, migrations);
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
}

/** Whether the server `client` is connected to has a database of that name. */
export async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  return ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
}

/**
 * The name of the template database of this edition on the server `client` is connected to, made
 * when missing: built under a name of its own, then renamed (the first rename wins a race).
 * `urlOf` names a database of that server with the space's credentials.
 */
export async function postgresTemplate(client: pg.Client, urlOf: (database: string) => string, migrations: MigrationSet): Promise<string> {
  const template = `conselho_space_template_${templateEdition(migrations)}`;
  const exists = (name: string) => databaseExists(client, name);
  if (await exists(template)) return template;
  const building = `${template}_${randomBytes(6).toString('hex')}`;
  await client.query(`create database ${building}`);
  try {
    await fill({ kind: 'postgres', url: urlOf(building) }, migrations);
    await client.query(`alter database ${building} rename to ${template}`).catch(async (error: unknown) => {
      if (!(await exists(template))) throw error;
    });
  } finally {
    await client.query(`drop database if exists ${building} with (force)`);
  }
  return template;
}

async function makeTemplate(templatesDir: string, migrations: MigrationSet, template: string): Promise<void> {
  mkdirSync(templatesDir, { recursive: true });
  sweep(templatesDir);
  const building = join(templatesDir, `.building-${randomBytes(6).toString('hex')}`);
  try {
    await fill({ kind: 'pglite', dataDir: building }, migrations);
    if (!existsSync(template)) renameSync(building, template);
  } catch (error) {
    // Another process renamed its copy first: that one serves.
    if (!existsSync(template)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Removes half-made templates of processes that died, and templates of other editions left for a week. */
function sweep(templatesDir: string): void {
  const now = Date.now();
  for (const name of readdirSync(templatesDir)) {
    const path = join(templatesDir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    const age = now - stat.mtimeMs;
    if (age > (name.startsWith('.building-') ? ABANDONED_AFTER_MS : OUTDATED_AFTER_MS)) rmSync(path, { recursive: true, force: true });
  }
}
