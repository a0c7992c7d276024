import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/features.js';

/** Migrations run in name order across folders: a hand-written table may only reference tables created before it. */
describe('space migrations across folders', () => {
  const files = MIGRATIONS.space.folders.flatMap((folder) => {
    try {
      return readdirSync(folder).filter((f) => f.endsWith('.ts')).map((f) => ({ name: basename(f, '.ts'), text: readFileSync(join(folder, f), 'utf8') }));
    } catch {
      return [];
    }
  });
  const createdIn = new Map<string, string>();
  for (const file of files) {
    for (const match of file.text.matchAll(/create table (?:if not exists )?(\w+)|createTable\('(\w+)'\)/g)) createdIn.set(match[1] ?? match[2], file.name);
  }

  it('creates every referenced table in a migration whose name sorts earlier', () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const match of file.text.matchAll(/references\('(\w+)\.|references (\w+) \(/g)) {
        const table = match[1] ?? match[2];
        const creator = createdIn.get(table);
        if (!creator) problems.push(`${file.name} references ${table}, which no migration creates`);
        else if (creator > file.name) problems.push(`${file.name} references ${table}, created later by ${creator}`);
      }
    }
    expect(createdIn.get('users')).toBeDefined();
    expect(createdIn.get('access_tokens')).toBeDefined();
    expect(problems).toEqual([]);
  });
});
