/**
 * Writes subclasses.json: every CNAE 2.3 subclass of @brazilian-utils/brazilian-utils as
 * `[7-digit code, description]`. The package looks codes up one at a time and exports no list,
 * so the list is found once by asking it about every 7-digit code (a few seconds) and kept here,
 * which lets the seed stay fast. Run again after upgrading the package:
 *
 *   npx tsx src/server/core/seed/cnae/extract-subclasses.ts
 *
 * tests/seed/cnae-data.test.ts checks that the file still matches the package.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCnae } from '@brazilian-utils/brazilian-utils';

export type SubclassEntry = [code: string, description: string];

/** Every subclass the package knows, in code order. */
export function listPackageSubclasses(): SubclassEntry[] {
  const entries: SubclassEntry[] = [];
  for (let n = 0; n < 10_000_000; n++) {
    const found = getCnae(String(n).padStart(7, '0'));
    if (found) entries.push([found.code, found.description]);
  }
  return entries;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entries = listPackageSubclasses();
  const lines = entries.map((entry) => `  ${JSON.stringify(entry)}`).join(',\n');
  writeFileSync(new URL('./subclasses.json', import.meta.url), `[\n${lines}\n]\n`);
  console.log(`${entries.length} subclasses written.`);
}
