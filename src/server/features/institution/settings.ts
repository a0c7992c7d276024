import type { Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { StoredInstitutionSettings as InstitutionSettings } from '../../../shared/contracts/institution.js';
import { recordAudit } from '../../core/audit/record.js';
import { checkVersion, lockCurrentRow, nextVersion, type ExpectedVersion } from '../../core/resources/versions.js';
import { checkParties, readChange } from './input.js';
import { moveInstitutionType } from './party-type.js';
import { moveWorkRelations } from './work-relations.js';
import './tables.js';

/** The module name the settings' audit rows carry. */
export const INSTITUTION_AUDIT_MODULE = 'instituicao';
const ROW_ID = 1;

type NamedParty = NonNullable<InstitutionSettings['institution']>;

const named = (id: number | null, name: string | null): NamedParty | null => (id === null ? null : { id: Number(id), name: name ?? '' });

export async function readInstitutionSettings(db: Kysely<SpaceDatabase>): Promise<InstitutionSettings> {
  const row = await db
    .selectFrom('institution_settings as s')
    .leftJoin('parties as i', 'i.id', 's.institution_id')
    .leftJoin('parties as p', 'p.id', 's.president_id')
    .select(['s.institution_id', 'i.name as institution_name', 's.president_id', 'p.name as president_name', 's.update_job_relations', 's.updated_at'])
    .where('s.id', '=', ROW_ID)
    .executeTakeFirst();
  if (!row) return { institution_id: null, institution: null, president_id: null, president: null, update_job_relations: false, updated_at: null };
  return {
    institution_id: row.institution_id === null ? null : Number(row.institution_id),
    institution: named(row.institution_id, row.institution_name),
    president_id: row.president_id === null ? null : Number(row.president_id),
    president: named(row.president_id, row.president_name),
    update_job_relations: row.update_job_relations,
    updated_at: row.updated_at,
  };
}

/** The institution's party, the default employer of a new work relation; null while none is set. */
export async function institutionPartyId(db: Kysely<SpaceDatabase>): Promise<number | null> {
  const row = await db.selectFrom('institution_settings').select('institution_id').where('id', '=', ROW_ID).executeTakeFirst();
  return row?.institution_id == null ? null : Number(row.institution_id);
}

/**
 * Saves the institution, its president and `update_job_relations`, audited in the same transaction.
 * With `update_job_relations` a change of institution moves the current work relations of the old one
 * to the new one (work-relations.ts). The row is locked first, so two saves never interleave, and
 * `expected` (the version the form opened) refuses a save over someone else's change with 409.
 */
export async function updateInstitutionSettings(db: Kysely<SpaceDatabase>, body: Record<string, unknown>, who: { userId: number; expected: ExpectedVersion }) {
  checkVersion(await db.selectFrom('institution_settings').select('updated_at').where('id', '=', ROW_ID).executeTakeFirst(), who.expected);
  const change = readChange(body);
  return db.transaction().execute(async (trx) => {
    const before = await lockCurrentRow(dynamic(trx), 'institution_settings', ROW_ID, who.expected);
    await checkParties(trx, change);
    const from = before.institution_id == null ? null : Number(before.institution_id);
    const moves = change.update_job_relations && from !== null && from !== change.institution_id;
    const moved = moves ? await moveWorkRelations(trx, from, change.institution_id, who.userId) : 0;
    await moveInstitutionType(trx, from, change.institution_id);
    await trx.updateTable('institution_settings').set({ ...change, updated_at: nextVersion(before.updated_at) }).where('id', '=', ROW_ID).execute();
    const old: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const key of ['institution_id', 'president_id', 'update_job_relations'] as const) {
      const previous = key === 'update_job_relations' ? before[key] : before[key] == null ? null : Number(before[key]);
      if (previous === change[key]) continue;
      old[key] = previous;
      now[key] = change[key];
    }
    if (moved > 0) now.moved_work_relations = moved;
    if (Object.keys(now).length) await recordAudit(trx, { event: 'updated', userId: who.userId, module: INSTITUTION_AUDIT_MODULE, recordId: ROW_ID, oldValues: old, newValues: now });
    return { data: await readInstitutionSettings(trx), moved };
  });
}
