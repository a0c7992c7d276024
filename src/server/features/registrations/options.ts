import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { valueAfter } from '../../core/resources/hooks.js';

type Row = Readonly<Record<string, unknown>>;

/** What a registration's write reads of the options it names (category, type, phase, situation). */
export interface RegistrationOptions {
  category: { id: number; denomination: string; person_type: number; registration_number_sequence_id: number; registration_process_number_sequence_id: number } | undefined;
  type: { id: number; number_registration_sequence_id: number | null } | undefined;
  phase: { id: number; registration_number_sequence_id: number | null; has_end: boolean | null; amount_months_term: number | null; numeration_externally_controlled: boolean | null } | undefined;
  situation: { id: number; denomination: string; disable_number: boolean | null; has_end: boolean | null; amount_months_term: number | null; replace_maturity: boolean | null; number_mask: string | null } | undefined;
}


export async function readOptions(trx: Kysely<SpaceDatabase>, body: Row, previous?: Row): Promise<RegistrationOptions> {
  const id = (field: string) => {
    const value = valueAfter(body, previous, field);
    return typeof value === 'number' ? value : -1;
  };
  const [category, type, phase, situation] = await Promise.all([
    trx.selectFrom('categories').select(['id', 'denomination', 'person_type', 'registration_number_sequence_id', 'registration_process_number_sequence_id']).where('id', '=', id('category_id')).executeTakeFirst(),
    trx.selectFrom('registration_types').select(['id', 'number_registration_sequence_id']).where('id', '=', id('registration_type_id')).executeTakeFirst(),
    trx.selectFrom('registration_phases').select(['id', 'registration_number_sequence_id', 'has_end', 'amount_months_term', 'numeration_externally_controlled']).where('id', '=', id('registration_phase_id')).executeTakeFirst(),
    trx.selectFrom('situations').select(['id', 'denomination', 'disable_number', 'has_end', 'amount_months_term', 'replace_maturity', 'number_mask']).where('id', '=', id('situation_id')).executeTakeFirst(),
  ]);
  return { category, type, phase, situation };
}

/** The sequence a registration's number comes from: its phase's, else its type's, else its category's. */
export const numberSequenceOf = (options: RegistrationOptions): number | null =>
  options.phase?.registration_number_sequence_id ?? options.type?.number_registration_sequence_id ?? options.category?.registration_number_sequence_id ?? null;
