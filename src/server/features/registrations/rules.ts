import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid, type FieldErrors } from '../../core/http/app-error.js';
import { valueAfter, type ModuleHooks } from '../../core/resources/hooks.js';
import { fitsMask } from './mask.js';
import { readOptions } from './options.js';

export const PERSON_TYPE_NAMES: Record<number, string> = { 1: 'Pessoa Física', 2: 'Pessoa Jurídica' };
export const PARTY_NOT_OF_TYPE = (type: number) => `O inscrito não é ${type === 1 ? 'uma pessoa física' : 'uma pessoa jurídica'}.`;
export const CATEGORY_NOT_OF_TYPE = (type: number) => `Esta categoria não é de ${PERSON_TYPE_NAMES[type] ?? 'este tipo de pessoa'}.`;
export const RANGE_NOT_OF_CATEGORY = 'A faixa de contribuição escolhida não é uma das faixas da categoria.';
export const ALREADY_REGISTERED = 'Este inscrito já tem uma inscrição ativa ou pausada nesta categoria e tipo de registro.';
export const NUMBER_TYPED_REQUIRED = 'Informe o número: a numeração desta fase é controlada externamente.';
export const NOT_NEXT_SITUATION = (to: string, from: string) => `A situação "${to}" não é uma das próximas situações de "${from}".`;
export const NUMBER_OFF_MASK = (mask: string) => `O número não segue a máscara da situação: ${mask}.`;

/** Statuses of a registration still open (spec 000 §9: 1 Ativo, 3 Pausado). */
const OPEN = [1, 3];

type Row = Readonly<Record<string, unknown>>;

/**
 * A registration's options agree with each other and with its party: the party behaves as the
 * person type, the category is of that type, the contribution range is one of the category's; a party
 * holds one open registration per category and type; a phase of externally controlled numbering asks
 * for the number, which follows the situation's mask; and the situation changes only to one of the
 * next situations of the current one (spec 001 §4). Each refusal is a 422 on its field.
 */
export const registrationRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { mode, body, previous }) {
    const after = (field: string) => valueAfter(body, previous, field);
    const errors: FieldErrors = {};
    const options = await readOptions(trx, body, previous);
    const personType = Number(after('person_type'));

    const party = await trx.selectFrom('parties').select('behave_like').where('id', '=', Number(after('party_id'))).executeTakeFirst();
    if (party && party.behave_like !== personType) errors.party_id = [PARTY_NOT_OF_TYPE(personType)];
    if (options.category && options.category.person_type !== personType) errors.category_id = [CATEGORY_NOT_OF_TYPE(personType)];
    if (options.category && !(await rangeOfCategory(trx, options.category.id, Number(after('contribution_range_id'))))) {
      errors.contribution_range_id = [RANGE_NOT_OF_CATEGORY];
    }
    if (!errors.party_id && (await openElsewhere(trx, after, previous))) errors.party_id = [ALREADY_REGISTERED];

    if (mode === 'update' && previous && after('situation_id') !== previous.situation_id) {
      const problem = await notNextSituation(trx, Number(previous.situation_id), Number(after('situation_id')));
      if (problem) errors.situation_id = [problem];
    }

    const numbered = options.situation && !options.situation.disable_number;
    if (numbered && options.phase?.numeration_externally_controlled) {
      const typed = after('formatted_number') ?? (after('number') == null ? null : String(after('number')));
      if (after('number') == null && after('formatted_number') == null) errors.number = [NUMBER_TYPED_REQUIRED];
      else if (options.situation?.number_mask && typeof typed === 'string' && !fitsMask(typed, options.situation.number_mask)) {
        errors.formatted_number = [NUMBER_OFF_MASK(options.situation.number_mask)];
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

async function rangeOfCategory(trx: Kysely<SpaceDatabase>, categoryId: number, rangeId: number): Promise<boolean> {
  const row = await trx.selectFrom('category_contribution_ranges').select('id').where('category_id', '=', categoryId).where('contribution_range_id', '=', rangeId).executeTakeFirst();
  return row !== undefined;
}

/** Another open registration of the same party, category and type (the partial unique index is the last defence). */
async function openElsewhere(trx: Kysely<SpaceDatabase>, after: (field: string) => unknown, previous: Row | undefined): Promise<boolean> {
  const status = Number(after('status') ?? 1);
  if (!OPEN.includes(status)) return false;
  let query = trx
    .selectFrom('registrations')
    .select('id')
    .where('party_id', '=', Number(after('party_id')))
    .where('category_id', '=', Number(after('category_id')))
    .where('registration_type_id', '=', Number(after('registration_type_id')))
    .where('status', 'in', OPEN as (1 | 3)[]);
  if (previous) query = query.where('id', '<>', Number(previous.id));
  return (await query.executeTakeFirst()) !== undefined;
}

/** The refusal of a move from one situation to another that is not among its next situations. */
export async function notNextSituation(trx: Kysely<SpaceDatabase>, from: number, to: number): Promise<string | undefined> {
  const next = await trx.selectFrom('situation_next_situations').select('id').where('situation_id', '=', from).where('next_situation_id', '=', to).executeTakeFirst();
  if (next) return undefined;
  const names = await trx.selectFrom('situations').select(['id', 'denomination']).where('id', 'in', [from, to]).execute();
  const name = (id: number) => names.find((row) => Number(row.id) === id)?.denomination ?? String(id);
  return NOT_NEXT_SITUATION(name(to), name(from));
}
