import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/features.js';

const root = resolve(import.meta.dirname, '../..');
const compiled = join(root, 'dist/server');
/** A module of the compiled server (what `npm start` runs), by its source path under src/server. */
const load = (path: string): Promise<any> => import(pathToFileURL(join(compiled, 'src/server', path)).href);
const names = (folder: string, ext: RegExp) => readdirSync(folder).filter((f) => ext.test(f) && !f.endsWith('.d.ts')).map((f) => basename(f, extname(f))).sort();

/** `npm start` runs dist/server (scripts/build.mjs): it must find what the sources find beside them. */
describe('the server compiled to JavaScript', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
  }, 120_000);

  it('holds a JavaScript migration for every migration of the sources, under the same name', async () => {
    const { MIGRATIONS: { space, platform } } = await load('features.js');
    const sources = [...MIGRATIONS.space.folders, ...MIGRATIONS.platform.folders];
    const built = [...space.folders, ...platform.folders] as string[];
    expect(built.map((folder) => relative(compiled, folder))).toEqual(sources.map((folder) => relative(root, folder)));
    for (const [i, folder] of sources.entries()) expect(names(built[i], /\.js$/)).toEqual(names(folder, /\.ts$/));
  });

  it('opens an embedded database through its worker, migrates and seeds it', async () => {
    const { openDatabase } = await load('core/db/open.js');
    const { migrateToLatest } = await load('core/db/migrate.js');
    const { MIGRATIONS: { space, platform } } = await load('features.js');
    const { seedReferenceData } = await load('core/seed/index.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'compiled-server-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await migrateToLatest(handle.db, platform);
      await migrateToLatest(handle.db, space);
      const report = await seedReferenceData(handle.db);
      expect(report).toMatchObject({ cities: 5571, economic_activities: 1332 });
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
