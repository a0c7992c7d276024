import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitMigrations, type DbSnapshot } from '../../generator/emit/migrations.js';
import { checkAgainstMetaSchema, normalise, type SchemaFile } from '../../language/index.js';
import { migrateToLatest } from '../../src/server/core/db/migrate.js';
import { describeOnDatabases } from '../support/databases.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CORE = join(ROOT, 'src/server/core/db/core-migrations');

function schema(module: string, table: string, properties: Record<string, unknown>, required: string[], extra: Record<string, unknown> = {}): SchemaFile {
  return {
    path: `schemas/cadastro/${module}.schema.json`, area: 'cadastro', module,
    json: {
      $schema: 'https://json-schema.org/draft/2020-12/schema', $id: module, title: module, type: 'object',
      'x-label': { singular: module, plural: module, gender: 'm' }, 'x-permission': 'party', 'x-table': table,
      'x-record-label': 'name', 'x-list': { columns: ['name'], search: ['name'], sort: 'name' },
      required, properties, ...extra,
    },
  };
}

/** Two related entities using every kind of column: references, sub-list, enum, money, dates. */
function model(version: 1 | 2) {
  const kinds = schema('tipos_parte', 'party_kinds', { name: { type: 'string', maxLength: 100, 'x-label': 'Nome', 'x-unique': true } }, ['name']);
  const party = schema('membros', 'members', {
    name: { type: 'string', maxLength: version === 1 ? 50 : 120, 'x-label': 'Nome' },
    kind_id: { type: 'integer', 'x-label': 'Tipo', 'x-reference': { module: 'tipos_parte' } },
    status: { type: 'string', enum: ['ativo', 'suspenso'], 'x-label': 'Situação', ...(version === 2 ? { default: 'ativo' } : {}) },
    level: { type: 'integer', enum: [1, 2, 3], 'x-label': 'Nível' },
    fee: { type: 'string', 'x-kind': 'money', 'x-label': 'Anuidade' },
    born_on: { type: 'string', format: 'date', 'x-label': 'Nascimento' },
    other_kinds: { type: 'array', items: { type: 'integer' }, 'x-label': 'Outros tipos', 'x-reference': { module: 'tipos_parte' } },
    phones: {
      type: 'array', 'x-label': 'Telefones', 'x-sublist': { table: 'member_phones', item: 'telefone', main: 'main' },
      items: { type: 'object', required: ['number'], properties: {
        number: { type: 'string', maxLength: 20, 'x-label': 'Número' },
        main: { type: 'boolean', 'x-label': 'Principal' },
      } },
    },
  }, version === 1 ? ['name', 'kind_id'] : ['name'], { 'x-list': { columns: ['name'], search: ['name'], filters: ['kind_id', 'status'], sort: 'name' } });
  const files = [party, kinds];
  files.forEach(checkAgainstMetaSchema);
  return normalise(files);
}

describe('emitMigrations for every kind of column', () => {
  const { files } = emitMigrations(model(1), null, new Date(Date.UTC(2030, 0, 1)));
  const text = [...files.values()][0];

  it('creates referenced tables first, with the conventional types', () => {
    expect(text.indexOf('create table party_kinds')).toBeLessThan(text.indexOf('create table members'));
    expect(text.indexOf('create table members')).toBeLessThan(text.indexOf('create table member_phones'));
    expect(text).toContain('kind_id bigint not null');
    expect(text).toContain('status varchar(8)');
    expect(text).toContain('level integer');
    expect(text).toContain('fee numeric(15,2)');
    expect(text).toContain('born_on date');
    expect(text).toContain('foreign key (kind_id) references party_kinds (id) on delete restrict');
    expect(text).toContain('foreign key (member_id) references members (id) on delete cascade');
    expect(text).toContain('create unique index party_kinds_name_unique on party_kinds (lower(name))');
    expect(text).toContain('using gin (immutable_unaccent(lower(name)) gin_trgm_ops)');
    expect(text).toContain('primary key (member_id, party_kind_id)');
  });
});

describeOnDatabases('migrations of every kind of column', (getDb) => {
  const folder = mkdtempSync(join(ROOT, 'tests/db/tmp-kinds-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const set = { folders: [CORE, folder], table: 'kinds_migration' };
  let snapshot: DbSnapshot | null = null;
  const write = (version: 1 | 2, at: Date) => {
    const output = emitMigrations(model(version), snapshot, at);
    for (const [path, text] of output.files) writeFileSync(join(folder, path.split('/').pop()!), text);
    snapshot = output.snapshot;
  };

  it('applies, then widens, relaxes and defaults columns while keeping rows', async () => {
    const db = getDb();
    write(1, new Date(Date.UTC(2030, 0, 1)));
    expect(await migrateToLatest(db, set)).toEqual(['00000000000000_extensions', '20300101000000_initial']);
    const kind = await db.insertInto('party_kinds').values({ name: 'Pessoa física' }).returning('id').executeTakeFirstOrThrow();
    const party = await db.insertInto('members').values({ name: 'Ana', kind_id: kind.id, fee: '1234.56' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('member_phones').values({ member_id: party.id, number: '61999990000', main: true }).execute();
    await db.insertInto('members_party_kinds').values({ member_id: party.id, party_kind_id: kind.id }).execute();
    await expect(db.insertInto('party_kinds').values({ name: 'PESSOA FÍSICA' }).execute()).rejects.toThrow(/party_kinds_name_unique/);

    write(2, new Date(Date.UTC(2030, 0, 2)));
    expect(await migrateToLatest(db, set)).toEqual(['20300102000000_alter_members']);
    const long = 'N'.repeat(100);
    const created = await db.insertInto('members').values({ name: long }).returning(['status', 'kind_id']).executeTakeFirstOrThrow();
    expect(created).toEqual({ status: 'ativo', kind_id: null });
    const ana = await db.selectFrom('members').select(['name', 'fee']).where('id', '=', party.id).executeTakeFirstOrThrow();
    expect(ana).toEqual({ name: 'Ana', fee: '1234.56' });
    await db.deleteFrom('members').where('id', '=', party.id).execute();
    expect(await db.selectFrom('member_phones').selectAll().execute()).toEqual([]);
  }, 60_000);
});
