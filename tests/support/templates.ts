/**
 * Migrated databases to copy from. Opening a fresh PGlite (its initdb, in WebAssembly) and migrating
 * it take seconds, and the suite opens hundreds of databases; a copy of a folder migrated once (a
 * PostgreSQL `create database … template`) takes a fraction of that. A template holds one edition
 * of the migrations: its name carries a digest of every migration file, so a changed migration
 * makes a new template and an old one is never used.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { type MigrationSet } from '../../src/server/core/db/migrate.js';
import { vocabularyEdition } from '../../src/server/core/db/search-vocabulary.js';
import { MIGRATIONS } from '../../src/server/features.js';

/** The databases the helpers open: a space's, and the default space's that is also the platform's. */
export const TEMPLATE_SETS = {
  space: [MIGRATIONS.space],
  platformAndSpace: [MIGRATIONS.platform, MIGRATIONS.space],
} as const satisfies Record<string, readonly MigrationSet[]>;

export type TemplateName = keyof typeof TEMPLATE_SETS;

const ROOT = resolve(import.meta.dirname, '../..');

let digest: string | undefined;

/** A digest of the names and contents of every migration file the templates apply, and of the search vocabulary's functions. */
export function migrationsDigest(): string {
  if (digest) return digest;
  const hash = createHash('sha256');
  const folders = [...new Set(Object.values(TEMPLATE_SETS).flatMap((sets) => sets.flatMap((set) => set.folders)))].sort();
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).sort()) {
      // Named from the project's root, so every checkout of the same migrations shares the templates.
      hash.update(`${relative(ROOT, folder)}/${file}\0`);
      hash.update(readFileSync(join(folder, file)));
    }
  }
  hash.update(vocabularyEdition());
  digest = hash.digest('hex').slice(0, 12);
  return digest;
}

/** The folder of a PGlite template (present once the global setup built it). */
export const pgliteTemplate = (name: TemplateName) => join(tmpdir(), `conselho-template-${name}-${migrationsDigest()}`);

/** The database a PostgreSQL template is kept in. */
export const postgresTemplate = (name: TemplateName) => `test_template_${name.toLowerCase()}_${migrationsDigest()}`;

/**
 * How long a template of another edition is kept after its last use. Runs of different editions share
 * the temporary folder and the PostgreSQL server (a branch's run beside main's): a run removes only
 * what no run has used for a day, never what another run is copying from.
 */
export const OTHER_EDITIONS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Removes the entries of the temporary folder starting with `prefix`, other than `current`, unused for a day; marks `current` used. */
export function sweepOtherEditions(prefix: string, current: string): void {
  const now = Date.now();
  if (existsSync(current)) utimesSync(current, now / 1000, now / 1000);
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (!entry.startsWith(prefix) || path === current) continue;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > OTHER_EDITIONS_KEPT_MS) rmSync(path, { recursive: true, force: true });
  }
}
