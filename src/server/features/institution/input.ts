import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { addError, invalid, type FieldErrors } from '../../core/http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from '../../core/resources/db-errors.js';

/** What a save of the institution's settings sets. */
export interface InstitutionChange {
  institution_id: number;
  president_id: number;
  update_job_relations: boolean;
}

/** How a party behaves (`parties.behave_like`): the institution is a legal entity, its president a person. */
const BEHAVES_AS = { person: 1, legalEntity: 2 } as const;

export const INSTITUTION_MESSAGES = {
  institutionRequired: 'O campo Instituição é obrigatório.',
  institutionInvalid: 'O campo Instituição é inválido.',
  institutionNotLegalEntity: 'A instituição deve ser uma pessoa jurídica.',
  presidentRequired: 'O campo Presidente é obrigatório.',
  presidentInvalid: 'O campo Presidente é inválido.',
  presidentNotPerson: 'O presidente deve ser uma pessoa física.',
  updateJobRelationsInvalid: 'O campo Atualizar vínculos empregatícios deve ser sim ou não.',
} as const;

const PARTY_FIELDS = {
  institution_id: { required: INSTITUTION_MESSAGES.institutionRequired, invalid: INSTITUTION_MESSAGES.institutionInvalid, behaves: BEHAVES_AS.legalEntity, wrongKind: INSTITUTION_MESSAGES.institutionNotLegalEntity },
  president_id: { required: INSTITUTION_MESSAGES.presidentRequired, invalid: INSTITUTION_MESSAGES.presidentInvalid, behaves: BEHAVES_AS.person, wrongKind: INSTITUTION_MESSAGES.presidentNotPerson },
} as const;

type PartyField = keyof typeof PARTY_FIELDS;

/** An id as JSON carries one: a positive whole number the database can hold (no text, no fraction). */
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The body of a save read as a change, or 422 on each wrong field: both ids required and ids,
 * `update_job_relations` yes or no (left out: no).
 * @example readChange({ institution_id: 3, president_id: 9 }) // { institution_id: 3, president_id: 9, update_job_relations: false }
 */
export function readChange(body: Record<string, unknown>): InstitutionChange {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(PARTY_FIELDS)) {
    const value = body[field];
    if (value === undefined || value === null || value === '') addError(errors, field, rule.required);
    else if (!isId(value)) addError(errors, field, rule.invalid);
  }
  const flag = body.update_job_relations ?? false;
  if (typeof flag !== 'boolean') addError(errors, 'update_job_relations', INSTITUTION_MESSAGES.updateJobRelationsInvalid);
  if (Object.keys(errors).length) throw invalid(errors);
  return { institution_id: body.institution_id as number, president_id: body.president_id as number, update_job_relations: flag as boolean };
}

/**
 * 422 unless each id names a party that behaves as its field asks (a legal entity, a person). In a
 * transaction the parties found stay locked against deletion until it ends.
 */
export async function checkParties(db: Kysely<SpaceDatabase>, change: InstitutionChange): Promise<void> {
  const ids = [change.institution_id, change.president_id];
  const rows = await db.selectFrom('parties').select(['id', 'behave_like']).where('id', 'in', ids).forKeyShare().execute();
  const behaviour = new Map(rows.map((row) => [Number(row.id), Number(row.behave_like)]));
  const errors: FieldErrors = {};
  for (const field of Object.keys(PARTY_FIELDS) as PartyField[]) {
    const found = behaviour.get(change[field]);
    if (found === undefined) addError(errors, field, MISSING_REFERENCE_MESSAGE);
    else if (found !== PARTY_FIELDS[field].behaves) addError(errors, field, PARTY_FIELDS[field].wrongKind);
  }
  if (Object.keys(errors).length) throw invalid(errors);
}
