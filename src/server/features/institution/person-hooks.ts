import type { SpaceDatabase } from '../../../../generated/database.js';
import { conflict } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { institutionPartyId } from './settings.js';

export const PRESIDENT_KEPT_MESSAGE = 'Não é possível excluir: a pessoa é o presidente da instituição.';

/**
 * A new work relation of a person saved without an employer works for the institution, when one is
 * set; without one the employer stays required.
 */
export const defaultEmployer: ModuleHooks<SpaceDatabase> = {
  defaultsFor: ['work_relations.employer_id'],
  async defaults(db) {
    const institution = await institutionPartyId(db);
    return institution === null ? {} : { 'work_relations.employer_id': institution };
  },
};

/** The institution's president is not deleted while they are (the settings name their party). */
export const presidentKept: ModuleHooks<SpaceDatabase> = {
  async beforeDelete(trx, { record }) {
    if (record.party_id == null) return;
    const naming = await trx.selectFrom('institution_settings').select('id').where('president_id', '=', Number(record.party_id)).executeTakeFirst();
    if (naming) throw conflict(PRESIDENT_KEPT_MESSAGE);
  },
};
