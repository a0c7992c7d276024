import { describe, expect, it } from 'vitest';
import { emitFixture } from './support.js';

describe('the Kysely database interfaces (generated/database.ts)', () => {
  it('types each column as the driver reads it: enum values, null where allowed, Generated where the database fills it', async () => {
    const database = (await emitFixture('enum')).get('generated/database.ts')!;
    expect(database).toContain([
      'export interface FileServiceTypesTable {',
      '  id: Generated<number>;',
      '  name: string;',
      "  service_type: Generated<'ftp' | 's3' | 'local'>;",
      '  priority: 1 | 2 | 3 | null;',
      '  port: number | null;',
      '  password: string;',
      '  passive: boolean | null;',
      '  created_at: Generated<Timestamp>;',
      '  updated_at: Generated<Timestamp>;',
      '}',
    ].join('\n'));
    expect(database).toContain('export interface SpaceDatabase {\n  file_service_types: FileServiceTypesTable;\n}');
  });

  it('lists a sub-list table, with its parent key, and reads money as text and a date as its text', async () => {
    const database = (await emitFixture('sublist')).get('generated/database.ts')!;
    expect(database).toContain('  birth_date: string | null;\n  salary: Numeric | null;');
    expect(database).toContain('export interface PersonTelephonesTable {\n  id: Generated<number>;\n  people_id: number;');
    expect(database).toContain('  people: PeopleTable;\n  person_telephones: PersonTelephonesTable;');
  });
});
