import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitMigrations, type DbSnapshot } from '../../generator/emit/migrations.js';
import { loadModel } from '../../language/index.js';
import { fixtureRoot } from './support.js';

const NOW = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
const root = fixtureRoot('collation');
const model = loadModel(root);
/** The fixture's database as a generator without collations left it. */
const beforeCollation = JSON.parse(readFileSync(join(root, 'snapshot-before-collation.json'), 'utf8')) as DbSnapshot;

const migrationText = (previous: DbSnapshot | null) => {
  const [[path, text]] = [...emitMigrations(model, previous, NOW).files];
  return { path, text };
};

/** Text people read (sub-list text too) sorts by ICU's root collation; codes and enum values keep byte order. */
describe('migrations of text columns', () => {
  it('creates text, textarea, e-mail and URL columns with collate "und-x-icu", codes without', async () => {
    const { path, text } = migrationText(null);
    expect(path).toBe('generated/migrations/20300102030405_initial.ts');
    await expect(text).toMatchFileSnapshot('__snapshots__/collation/initial.ts.snap');
    for (const column of ['name varchar(255)', 'notes text', 'email varchar(255)', 'site varchar(255)', 'street varchar(255)']) {
      expect(text).toContain(`${column} collate "und-x-icu"`);
    }
    for (const column of ['cpf text', 'zip_code text', 'status varchar(8)']) {
      expect(text).toMatch(new RegExp(`${column.replace(/[()]/g, '\\$&')}(,|\\n)`));
    }
  });

  it('moves the text columns of an existing database to the collation, and back on down', async () => {
    const { path, text } = migrationText(beforeCollation);
    expect(path).toBe('generated/migrations/20300102030405_alter_2_tables.ts');
    await expect(text).toMatchFileSnapshot('__snapshots__/collation/alter.ts.snap');
    expect(text).toContain('alter table people alter column name type varchar(255) collate "und-x-icu"`');
    expect(text).toContain('alter table people alter column name type varchar(255) collate "default"`');
    expect(text).not.toContain('using');
    expect(text).not.toContain('index');
  });

  it('keeps the collation when a text column changes type', () => {
    const { snapshot } = emitMigrations(model, null, NOW);
    const narrower = structuredClone(snapshot) as unknown as { tables: Record<string, { columns: Record<string, { type: string }> }> };
    narrower.tables.people.columns.name.type = 'varchar(100)';
    const { text } = migrationText(narrower as unknown as DbSnapshot);
    expect(text).toContain('alter table people alter column name type varchar(255) collate "und-x-icu" using name::varchar(255)`');
    expect(text).toContain('alter table people alter column name type varchar(100) collate "und-x-icu" using name::varchar(100)`');
  });
});
