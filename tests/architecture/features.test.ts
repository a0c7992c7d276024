import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, MIGRATIONS } from '../../src/server/features';
import { importsOf, root } from './support';

/** A feature is a folder of src/server/features or src/server/services with a `feature.ts`; src/server/features.ts lists them. */
const FEATURE_FOLDERS = ['src/server/features', 'src/server/services'].flatMap((floor) =>
  readdirSync(join(root, floor), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, floor, entry.name, 'feature.ts')))
    .map((entry) => `${floor}/${entry.name}`));
/** A feature's folder, from its name. */
const folderOf = (name: string) => FEATURE_FOLDERS.find((folder) => folder.endsWith(`/${name}`)) ?? `(no folder) ${name}`;

/** What the product is built, started and tested from, besides the features themselves. */
const SCANNED = ['src', 'scripts', 'generator', 'language', 'tests/support', 'tests/e2e/support', 'vite.config.ts', 'package.json'];

/**
 * The files outside a feature's folder that may name it, each with why. The process's entry opens
 * the databases and starts what runs beside the requests; the tests' set-up places databases where
 * the product looks for them.
 */
const MAY_NAME: Record<string, { feature: string; why: string }[]> = {
  'src/server/main.ts': [
    { feature: 'src/server/features/platform', why: 'opens the spaces\' directory and gives its tenancy to buildApp' },
    { feature: 'src/server/features/auth', why: 'creates the default space\'s first administrator' },
  ],
  'tests/support/databases.ts': [{ feature: 'src/server/features/platform', why: 'a test\'s platform and space databases are where the product finds them (platformTarget, spaceTarget)' }],
  'tests/support/build-templates.ts': [{ feature: 'src/server/features/platform', why: 'builds the product\'s space templates once per run' }],
};

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ts|tsx|mts|js|mjs|cjs|json)$/.test(file)).map((file) => join(path, file));
}

const inside = (folder: string) => (path: string) => path === folder || path.startsWith(`${folder}/`);
const featureOf = (path: string) => FEATURE_FOLDERS.find((folder) => inside(folder)(path));

/** The project paths a file names: its imports, the relative paths in its strings (`new URL('../x/migrations', …)`) and `src/server/…` written out. */
function pathsNamedBy(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const named = /\.(ts|tsx|mts)$/.test(file) ? importsOf(file).local : [];
  for (const [, path] of text.matchAll(/['"`](\.\.?\/[^'"`\s]*)['"`]/g)) named.push(relative(root, resolve(root, dirname(file), path)));
  for (const [path] of text.matchAll(/src\/server\/[\w./-]+/g)) named.push(path.replace(/\.$/, ''));
  return named;
}

/** `file → folder` for each folder of `folders` that a file of `paths` names from outside the feature holding it, but those MAY_NAME allows. */
function namings(paths: string[], folders: string[]): string[] {
  return paths.flatMap(filesUnder).filter((file) => file !== 'src/server/features.ts').flatMap((file) => {
    const named = new Set(pathsNamedBy(file).flatMap((path) => folders.filter((folder) => inside(folder)(path) && featureOf(folder) !== featureOf(file))));
    return [...named].filter((folder) => !MAY_NAME[file]?.some((allowed) => allowed.feature === folder)).map((folder) => `${file} → ${folder}`);
  });
}

describe('a feature is its folder', () => {
  it('features.ts lists every feature folder, and each feature is named after its folder', () => {
    expect(FEATURES.map((feature) => folderOf(feature.name)).sort()).toEqual([...FEATURE_FOLDERS].sort());
  });

  it('no file outside a feature\'s folder names it, but features.ts and the few listed', () => {
    expect(FEATURE_FOLDERS).toEqual(expect.arrayContaining(['src/server/features/auth', 'src/server/features/platform', 'src/server/features/certificates']));
    // Features may use each other's services (imports.test.ts): their files are held to the rule
    // only for the features' migrations (below).
    const outside = SCANNED.flatMap(filesUnder).filter((file) => !featureOf(file));
    expect(namings(outside, FEATURE_FOLDERS)).toEqual([]);
    for (const [file, allowed] of Object.entries(MAY_NAME)) {
      // An exception no longer needed goes from the list.
      for (const { feature, why } of allowed) expect(pathsNamedBy(file).some(inside(feature)), `${file} → ${feature}: ${why}`).toBe(true);
    }
  });

  it('a feature\'s migration folders are named from its own folder alone', () => {
    const folders = FEATURES.flatMap((feature) => [...feature.migrations, ...feature.platformMigrations]).map((folder) => relative(root, folder));
    expect(folders).toEqual(expect.arrayContaining(['src/server/features/auth/recovery-migrations', 'src/server/features/certificates/platform-migrations', 'src/server/features/platform/migrations']));
    expect(namings(SCANNED, folders)).toEqual([]);
  });

  it('each feature declares migration folders of its own, and every migration folder is in a set', () => {
    for (const feature of FEATURES) {
      for (const folder of [...feature.migrations, ...feature.platformMigrations]) {
        expect(relative(root, folder).startsWith(`${folderOf(feature.name)}/`), `${feature.name}: ${folder}`).toBe(true);
        expect(existsSync(folder), folder).toBe(true);
      }
    }
    const inSets = new Set([...MIGRATIONS.space.folders, ...MIGRATIONS.platform.folders].map((folder) => relative(root, folder)));
    const present = readdirSync(join(root, 'src/server'), { recursive: true, encoding: 'utf8' }).filter((path) => /(^|\/)[\w-]*migrations$/.test(path)).map((path) => `src/server/${path}`);
    expect(present.filter((folder) => !inSets.has(folder))).toEqual([]);
  });
});
