import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { hasBanner } from './emit/banner.js';

/** The write stage: the only part of the generator that touches `generated/`. */

export const GENERATED_DIR = 'generated';
export const MIGRATIONS_DIR = 'generated/migrations';
export const SNAPSHOT_PATH = 'generated/migrations/snapshot.json';
export const PLATFORM_MIGRATIONS_DIR = 'generated/platform-migrations';
export const PLATFORM_SNAPSHOT_PATH = 'generated/platform-migrations/snapshot.json';
const MIGRATION_FOLDERS = [MIGRATIONS_DIR, PLATFORM_MIGRATIONS_DIR];
const SNAPSHOTS = [SNAPSHOT_PATH, PLATFORM_SNAPSHOT_PATH];

export interface Drift {
  /** Produced but absent on disk. */
  missing: string[];
  /** On disk with other content. */
  stale: string[];
  /** On disk under generated/ but no longer produced (migrations are never extra). */
  extra: string[];
}

const isMigration = (path: string) => MIGRATION_FOLDERS.some((folder) => path.startsWith(`${folder}/`));

/** Compares the produced files with `generated/` on disk. Reads only. */
export function compareOutputs(root: string, outputs: Map<string, string>): Drift {
  const drift: Drift = { missing: [], stale: [], extra: [] };
  for (const [path, content] of outputs) {
    const full = join(root, path);
    if (!existsSync(full)) drift.missing.push(path);
    else if (readFileSync(full, 'utf8') !== content) drift.stale.push(path);
  }
  drift.extra = listGenerated(root).filter((path) => !outputs.has(path));
  return drift;
}

/**
 * Brings `generated/` in line with the produced files: writes missing and stale ones, removes
 * files no longer produced when they carry the banner. Refuses to delete a file without the
 * banner and to rewrite an existing migration (only new migrations and the snapshot are written).
 */
export function writeOutputs(root: string, outputs: Map<string, string>): Drift {
  const drift = compareOutputs(root, outputs);
  const rewrittenMigrations = drift.stale.filter((path) => isMigration(path) && !SNAPSHOTS.includes(path));
  if (rewrittenMigrations.length > 0) {
    throw new Error(`Existing migrations are never rewritten, but these would change: ${rewrittenMigrations.join(', ')}.`);
  }
  const unbannered = drift.extra.filter((path) => !hasBanner(readFileSync(join(root, path), 'utf8')));
  if (unbannered.length > 0) {
    throw new Error(`These files under generated/ are no longer produced but carry no generated-file banner, so they are left for a person to remove: ${unbannered.join(', ')}.`);
  }
  for (const path of [...drift.missing, ...drift.stale]) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, outputs.get(path)!);
  }
  for (const path of drift.extra) rmSync(join(root, path));
  removeEmptyFolders(join(root, GENERATED_DIR), true);
  return drift;
}

/** The last migration snapshot (of the space database unless another path is given), or null before the first migration. */
export function readSnapshot(root: string, path: string = SNAPSHOT_PATH): Record<string, unknown> | null {
  const full = join(root, path);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : null;
}

/** Every file under generated/ outside migrations, as root-relative paths, sorted. */
function listGenerated(root: string): string[] {
  const base = resolve(root);
  const dir = join(base, GENERATED_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(base, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !isMigration(path))
    .sort();
}

/** Removes folders left empty by removed files; generated/ itself and the migration folders are kept. */
function removeEmptyFolders(dir: string, keep: boolean): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = join(dir, entry.name);
    if (entry.isDirectory() && !(keep && (entry.name === 'migrations' || entry.name === 'platform-migrations'))) removeEmptyFolders(child, false);
  }
  if (!keep && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}
