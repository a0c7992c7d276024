import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { valueAfter, type ModuleHooks } from '../../core/resources/hooks.js';
import { drawNumber } from '../../services/sequences/index.js';
import { addMonths, dateText, today } from './calendar.js';
import { numberSequenceOf, readOptions, type RegistrationOptions } from './options.js';

type Row = Record<string, unknown>;

const NUMBER_FIELDS = ['number', 'formatted_number', 'book_number', 'leaf_number', 'order_number', 'sequence_auto'] as const;
const PROCESS_FIELDS = ['process_number', 'process_formatted_number'] as const;
const DATE_FIELDS = ['registration_date', 'registration_type_date', 'registration_phase_date', 'situation_date', 'contribution_range_date', 'process_date'] as const;

const NO_NUMBER: Row = { number: null, formatted_number: null, book_number: null, leaf_number: null, order_number: null, sequence_auto: false };

/**
 * The numbers and dates of a registration, decided in its save's transaction (docs/REGISTRATIONS.md):
 * - the number: none while the situation disables it; typed where the phase's numeration is
 *   externally controlled (no sequence consumed); otherwise drawn from the phase's sequence, else the
 *   type's, else the category's, once (an edit keeps it; a registration entering a numbered situation
 *   without a number draws it then);
 * - the process number: typed where numeration is externally controlled, else drawn on insert from
 *   the category's process sequence;
 * - a sequence that does not number by itself (`auto_numbering` off) takes the number typed (the
 *   process number: typed or none), and the draw's refusal asks for the registration number when none is;
 * - the dates: the registration's defaults to today (the council's calendar), each option's date and the
 *   process date to the registration's; a new situation is dated today unless its date is given;
 * - the expiration: a situation that ends and replaces the maturity sets it from its own date and
 *   months; else a phase that ends, from the registration date and its months; else there is none.
 */
export const registrationNumbers: ModuleHooks<SpaceDatabase> = {
  transforms: [...NUMBER_FIELDS, ...PROCESS_FIELDS, ...DATE_FIELDS, 'registration_expiration_date'],
  async serverValues(trx, { mode, body, previous }) {
    const options = await readOptions(trx, body, previous);
    const values: Row = { ...datesOf(body, previous) };
    const after = (field: string) => (field in values ? values[field] : valueAfter(body, previous, field));
    const registrationDate = String(after('registration_date'));
    const typing = options.phase?.numeration_externally_controlled === true;

    const numberSequence = numberSequenceOf(options);
    const processSequence = options.category?.registration_process_number_sequence_id ?? null;
    if (options.situation?.disable_number) Object.assign(values, NO_NUMBER);
    else if (typing || (after('number') != null && !(await numbersItself(trx, numberSequence)))) Object.assign(values, typedNumber(after));
    else if (mode === 'create' || previous?.number == null) Object.assign(values, await drawnNumber(trx, numberSequence, registrationDate));
    else Object.assign(values, Object.fromEntries(NUMBER_FIELDS.map((field) => [field, previous[field]])));

    if (typing || (mode === 'create' && !(await numbersItself(trx, processSequence)))) Object.assign(values, typedProcess(after));
    else if (mode === 'create') Object.assign(values, await drawnProcess(trx, processSequence, registrationDate));
    else if (previous) Object.assign(values, Object.fromEntries(PROCESS_FIELDS.map((field) => [field, previous[field]])));

    values.registration_expiration_date = expiration(options, registrationDate, String(after('situation_date')));
    return values;
  },
};

function datesOf(body: Readonly<Row>, previous: Readonly<Row> | undefined): Row {
  const given = (field: string) => dateText(valueAfter(body, previous, field));
  const registration = given('registration_date') ?? today();
  const situationMoved = previous !== undefined && 'situation_id' in body && body.situation_id !== previous.situation_id;
  const situationDate = situationMoved && dateText(body.situation_date) === dateText(previous.situation_date) ? today() : given('situation_date');
  return {
    registration_date: registration,
    registration_type_date: given('registration_type_date') ?? registration,
    registration_phase_date: given('registration_phase_date') ?? registration,
    situation_date: situationDate ?? registration,
    contribution_range_date: given('contribution_range_date') ?? registration,
    process_date: given('process_date') ?? registration,
  };
}

function typedNumber(after: (field: string) => unknown): Row {
  const number = after('number') as number | null;
  const formatted = (after('formatted_number') as string | null) ?? (number == null ? null : String(number));
  return { number, formatted_number: formatted, book_number: after('book_number') ?? null, leaf_number: after('leaf_number') ?? null, order_number: after('order_number') ?? null, sequence_auto: false };
}

function typedProcess(after: (field: string) => unknown): Row {
  const number = after('process_number') as number | null;
  return { process_number: number, process_formatted_number: (after('process_formatted_number') as string | null) ?? (number == null ? null : String(number)) };
}

/**
 * Whether a sequence gives numbers by itself (`auto_numbering`): one that does not takes the number
 * typed on the registration, and asks for it when none is (docs/SEQUENCES.md, 'Refusals').
 */
async function numbersItself(trx: Kysely<SpaceDatabase>, sequence: number | null): Promise<boolean> {
  if (sequence === null) return true;
  const row = await trx.selectFrom('sequences').select('auto_numbering').where('id', '=', sequence).executeTakeFirst();
  return row?.auto_numbering !== false;
}

async function drawnNumber(trx: Kysely<SpaceDatabase>, sequence: number | null, date: string): Promise<Row> {
  if (sequence === null) return NO_NUMBER;
  const drawn = await drawNumber(trx, sequence, { date, field: 'number' });
  return { number: drawn.number, formatted_number: drawn.formatted_number, book_number: drawn.book, leaf_number: drawn.leaf, order_number: drawn.order, sequence_auto: true };
}

async function drawnProcess(trx: Kysely<SpaceDatabase>, sequence: number | null, date: string): Promise<Row> {
  if (sequence === null) return { process_number: null, process_formatted_number: null };
  const drawn = await drawNumber(trx, sequence, { date, field: 'process_number' });
  return { process_number: drawn.number, process_formatted_number: drawn.formatted_number };
}

function expiration(options: RegistrationOptions, registrationDate: string, situationDate: string): string | null {
  const { phase, situation } = options;
  if (situation?.has_end && situation.replace_maturity && situation.amount_months_term) return addMonths(situationDate, situation.amount_months_term);
  if (phase?.has_end && phase.amount_months_term) return addMonths(registrationDate, phase.amount_months_term);
  return null;
}
