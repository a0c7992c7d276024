import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { insertMissing } from './insert.js';

/** One bank of the package's list, the fields the seed reads. */
interface BankSource {
  COMPE: string | null;
  LongName: string | null;
  ShortName: string | null;
}

const require = createRequire(import.meta.url);

/**
 * The banks of the national payment system as the `bancos-brasileiros` package ships them
 * (`bancos.json`: the compensation code, COMPE, and the institution's name), as `{code, name}` rows.
 * Rows without a code of 1 to 4 characters are left out (the screen's own rule).
 */
export function bankRows(): { code: string; name: string }[] {
  const source = require('bancos-brasileiros') as BankSource[];
  const rows = new Map<string, { code: string; name: string }>();
  for (const bank of source) {
    const code = bank.COMPE?.trim() ?? '';
    const name = (bank.LongName ?? bank.ShortName ?? '').trim().slice(0, 255);
    if (code.length < 1 || code.length > 4 || !name || rows.has(code)) continue;
    rows.set(code, { code, name });
  }
  return [...rows.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** Inserts the banks missing by code (a code the council already has keeps its name). */
export async function seedBanks(db: Kysely<SpaceDatabase>): Promise<number> {
  return insertMissing(db, 'banks', bankRows());
}
