/**
 * New embedded spaces are copies of a template made once per edition of the migrations and the
 * reference data: each copy is a database of its own, migrated and seeded, and two spaces made at
 * once with no template yet both open, leaving one template and nothing half-made behind.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';
import { migrateToLatest, SPACE_MIGRATIONS } from '../../src/server/db/migrate.js';
import { copySpaceTemplate, templateEdition } from '../../src/server/platform/spaces/template.js';
import { seedReferenceData } from '../../src/server/seed/index.js';

const work = mkdtempSync(join(tmpdir(), 'test-space-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function inSpace<T>(dataDir: string, read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
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
    await Promise.all([copySpaceTemplate(templates, SPACE_MIGRATIONS, join(work, 'norte')), copySpaceTemplate(templates, SPACE_MIGRATIONS, join(work, 'sul'))]);
    expect(readdirSync(templates)).toEqual([`space-${templateEdition(SPACE_MIGRATIONS)}`]);
    for (const space of ['norte', 'sul']) {
      await inSpace(join(work, space), async (db) => {
        expect(await migrateToLatest(db, SPACE_MIGRATIONS)).toEqual([]);
        expect(Object.values(await seedReferenceData(db)).every((added) => added === 0)).toBe(true);
        const saoPaulo = await db.selectFrom('cities').select('name').where('name', '=', 'São Paulo').execute();
        expect(saoPaulo).toHaveLength(1);
      });
    }
  }, 180_000);

  it('gives each space a database of its own: a change in one is not in the other nor in the next copy', async () => {
    await inSpace(join(work, 'norte'), (db) => db.insertInto('civil_statuses').values({ denomination: 'Só no norte' }).execute());
    await copySpaceTemplate(templates, SPACE_MIGRATIONS, join(work, 'leste'));
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
    await expect(copySpaceTemplate(templates, SPACE_MIGRATIONS, join(work, 'ocupado'))).rejects.toThrow();
  });

  it('is a new edition when a migration is added', () => {
    const extra = join(work, 'more-migrations');
    mkdirSync(extra);
    writeFileSync(join(extra, '9999_later.ts'), 'export async function up() {}\n');
    expect(templateEdition({ ...SPACE_MIGRATIONS, folders: [...SPACE_MIGRATIONS.folders, extra] })).not.toBe(templateEdition(SPACE_MIGRATIONS));
  });
});
