import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './support.js';

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The types a file declares itself (`interface X`, `type X =`), not those it imports or re-exports. */
const declared = (source: string) => [...source.matchAll(/^\s*(?:export\s+)?(?:interface|type)\s+([A-Z]\w*)\b(?!\s*,)/gm)].map((match) => match[1]);

describe('the answers the server and the web client share', () => {
  const contracts = sourceFiles('src/shared/contracts');
  const shared = new Set(contracts.flatMap((file) => declared(read(file))));

  it('are declared once, in src/shared/contracts, from the routes\' schemas', () => {
    expect([...shared]).toEqual(expect.arrayContaining(['SavedView', 'ViewState', 'InstitutionSettings', 'Parameter', 'RecordVersion', 'FieldChange', 'DrawnNumber', 'PartyAccounts', 'PartyRegularity', 'FinanceFigures']));
    const copies = [...sourceFiles('src/server'), ...sourceFiles('src/web')]
      .flatMap((file) => declared(read(file)).filter((name) => shared.has(name)).map((name) => `${file}: ${name}`));
    expect(copies).toEqual([]);
  });
});

describe('the server\'s queries', () => {
  it('name the database they read: no Kysely of any tables in src/server', () => {
    const untyped = sourceFiles('src/server').filter((file) => /Kysely<any>/.test(read(file)));
    expect(untyped).toEqual([]);
  });
});
