import { createHash } from 'node:crypto';
import { getLegalNatures, getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { bankRows } from './banks.js';
import { economicActivityRows } from './cnae/economic-activities.js';
import { EDUCATIONAL_INSTITUTIONS } from './educational-institutions.js';
import { LOOKUP_VALUES } from './lookups.js';

/** A digest of every source row the reference seed inserts: a new data package or lookup list changes it. */
export function referenceEdition(): string {
  const sources = [getStates(), getMunicipalities(), getLegalNatures(), economicActivityRows(), LOOKUP_VALUES, EDUCATIONAL_INSTITUTIONS, bankRows()];
  return createHash('sha256').update(JSON.stringify(sources)).digest('hex');
}

export async function hasEdition(db: Kysely<SpaceDatabase>, digest: string): Promise<boolean> {
  return (await db.selectFrom('reference_seeds').select('digest').where('digest', '=', digest).executeTakeFirst()) !== undefined;
}

export async function recordEdition(db: Kysely<SpaceDatabase>, digest: string): Promise<void> {
  await db.insertInto('reference_seeds').values({ digest }).onConflict((oc) => oc.doNothing()).execute();
}
