import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { PARTY_TYPE_CODES } from '../../../shared/party-types.js';
import { conflict } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const INSTITUTION_KEPT_MESSAGE = 'Não é possível excluir: a empresa é a instituição.';

/**
 * The institution's legal entity is of the party type coded `instituicao`, which no legal-entity form
 * offers: choosing another institution gives it that type and gives the one before the plain
 * legal-entity type (`pessoa_juridica`). Written on the company (its trigger keeps the party alike);
 * a party without a company row is written itself.
 */
export async function moveInstitutionType(trx: Kysely<SpaceDatabase>, from: number | null, to: number): Promise<void> {
  if (from === to) return;
  const types = await trx.selectFrom('party_types').select(['id', 'code']).where('code', 'in', [PARTY_TYPE_CODES.institution, PARTY_TYPE_CODES.legalEntity]).execute();
  const typeOf = (code: string) => types.find((type) => type.code === code)?.id;
  const institution = typeOf(PARTY_TYPE_CODES.institution);
  const legalEntity = typeOf(PARTY_TYPE_CODES.legalEntity);
  if (institution === undefined || legalEntity === undefined) return;
  if (from !== null) await retype(trx, from, legalEntity, institution);
  await retype(trx, to, institution);
}

async function retype(trx: Kysely<SpaceDatabase>, party: number, type: number, onlyFrom?: number): Promise<void> {
  let company = trx.updateTable('legal_entities').set({ party_type_id: type, updated_at: new Date() }).where('party_id', '=', party);
  if (onlyFrom !== undefined) company = company.where('party_type_id', '=', onlyFrom);
  const { numUpdatedRows } = await company.executeTakeFirst();
  if (numUpdatedRows > 0n) return;
  let bare = trx.updateTable('parties').set({ party_type_id: type }).where('id', '=', party);
  if (onlyFrom !== undefined) bare = bare.where('party_type_id', '=', onlyFrom);
  await bare.execute();
}

/** The institution's company is not deleted while the settings name it. */
export const institutionKept: ModuleHooks<SpaceDatabase> = {
  async beforeDelete(trx, { record }) {
    if (record.party_id == null) return;
    const naming = await trx.selectFrom('institution_settings').select('id').where('institution_id', '=', Number(record.party_id)).executeTakeFirst();
    if (naming) throw conflict(INSTITUTION_KEPT_MESSAGE);
  },
};
