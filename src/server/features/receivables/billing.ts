import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { recordAudits } from '../../core/audit/record.js';
import { drawNumbers } from '../../services/sequences/draw.js';
import type { Classified, RegistrationToClassify } from './classification.js';
import type { YearContext } from './generation-read.js';
import { applyCredit } from './payments.js';
import { ORIGIN, STATUS } from './posting.js';

/**
 * The annuities the engine bills (docs/RECEIVABLES.md §4, §5 'Entering charges'): a batch of
 * classified registrations written in the caller's transaction, numbered from the debt type's
 * sequence in one draw, each with its custom fields, balance-history row and audit row, the party's
 * credit applied at once. Every writer of a year's annuities holds the year's lock first, so the
 * registrations read as not billed stay so until the batch commits and no number drawn is lost to a
 * conflict; the unique index stays the last defence (a conflict there rolls the batch back).
 */

export interface ToBill {
  registration: RegistrationToClassify;
  result: Classified;
  /** The due date when not the year's (an entry's E + 30 days). */
  due_date?: string;
}

/** Thrown when the unique index refused some rows: the caller's transaction rolls back and the batch is read again. */
export class BilledMeanwhile extends Error {}

/** The year's lock for a debt type: every writer of its annuities of the year takes it in its transaction. */
export async function lockYear(trx: Kysely<SpaceDatabase>, debtTypeId: number, year: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`receivables.annuity:${debtTypeId}:${year}`}, 0))`.execute(trx);
}

export const historyNote = (year: number) => `Lançamento da anuidade ${year}`;

/** Bills the batch; answers the accounts' ids in the batch's order. */
export async function billAnnuities(
  trx: Kysely<SpaceDatabase>,
  model: Model,
  context: YearContext,
  batch: readonly ToBill[],
  options: { origin: typeof ORIGIN.generation | typeof ORIGIN.entry; postingDate: string; userId: number | null },
): Promise<number[]> {
  if (batch.length === 0) return [];
  const type = context.debtType;
  const drawn = await drawNumbers(trx, Number(type.debt_control_account_sequence_id), batch.length, { date: options.postingDate, field: 'year' });
  const values = batch.map((item, i) => ({
    formatted_number: drawn[i]!.formatted_number, party_id: item.registration.party_id, registration_id: item.registration.id, debt_type_id: Number(type.id),
    exercise: context.year, principal: item.result.amount!, open_principal: item.result.amount!, due_date: item.due_date ?? item.result.due_date!, posting_date: options.postingDate,
    origin: options.origin, status: STATUS.open,
    value_update_setting_id: Number(type.value_update_setting_id), interest_update_setting_id: Number(type.interest_update_setting_id),
    forfeit_update_setting_id: Number(type.forfeit_update_setting_id), amount_amortization_setting_id: Number(type.amount_amortization_setting_id),
  }));
  const inserted = await trx
    .insertInto('control_accounts')
    .values(values)
    .onConflict((conflict) => conflict.columns(['registration_id', 'debt_type_id', 'exercise']).where(sql<boolean>`replaced_by_id is null and origin in (1, 3) and registration_id is not null`).doNothing())
    .returning(['id', 'registration_id'])
    .execute();
  if (inserted.length !== batch.length) throw new BilledMeanwhile();
  const idOf = new Map(inserted.map((row) => [Number(row.registration_id), Number(row.id)]));
  const ids = batch.map((item) => idOf.get(item.registration.id)!);
  const fields = batch.map((item) => customFields(item));
  await trx.insertInto('control_account_custom_fields').values(batch.flatMap((_, i) => fields[i]!.map((field) => ({ control_account_id: ids[i]!, ...field })))).execute();
  const note = historyNote(context.year);
  await trx.insertInto('control_account_balance_histories').values(batch.map((item, i) => ({ control_account_id: ids[i]!, date: options.postingDate, balance: item.result.amount!, notes: note }))).execute();
  await recordAudits(trx, values.map((row, i) => ({ event: 'created', userId: options.userId, module: 'control_account', recordId: ids[i]!, newValues: { ...row, custom_field_list: fields[i] } })));
  await applyCredits(trx, model, batch, ids, options);
  return ids;
}

/** What a screen shows and no rule reads (§3): the category, range and situation at billing, and the proportion applied. */
function customFields(item: ToBill): { name: string; value: string }[] {
  const { registration, result } = item;
  return [
    { name: 'Categoria', value: registration.category },
    { name: 'Faixa de contribuição', value: registration.range },
    { name: 'Situação', value: registration.situation },
    ...(result.class === 'proportional' ? [{ name: 'Proporção', value: result.fraction! }] : []),
  ];
}

/** The parties of the batch holding credit get it applied to their new account (§7), one query to find them. */
async function applyCredits(trx: Kysely<SpaceDatabase>, model: Model, batch: readonly ToBill[], ids: number[], options: { postingDate: string; userId: number | null }) {
  const parties = [...new Set(batch.map((item) => item.registration.party_id))];
  const holding = await trx.selectFrom('receivable_credits').select('party_id').distinct().where('party_id', 'in', parties).whereRef('amount', '>', 'used').execute();
  const withCredit = new Set(holding.map((row) => Number(row.party_id)));
  for (const [i, item] of batch.entries()) {
    if (withCredit.has(item.registration.party_id)) await applyCredit(trx, model, item.registration.party_id, ids[i]!, options.postingDate, options.userId);
  }
}
