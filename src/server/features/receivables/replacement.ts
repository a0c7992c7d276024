import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { Exact } from '../../../shared/finance/exact.js';
import { recordAudit } from '../../core/audit/record.js';
import { conflict } from '../../core/http/app-error.js';
import { drawNumber } from '../../services/sequences/draw.js';
import { writeCancellation } from './cancellation.js';
import { PAYMENT_STATUS } from './payments.js';
import { MESSAGES, STATUS } from './posting.js';

/**
 * An annuity replaced by another of a new principal (docs/RECEIVABLES.md §5: leaving charges, a change
 * of range): the new account numbered by the debt type's sequence, related to the old one, starting
 * with what the old one's payments paid of its principal as already paid; the old one Cancelada with
 * `replaced_by_id`. Inside the caller's transaction, the old account's row locked by it.
 */

type Trx = Kysely<SpaceDatabase>;
type Account = Awaited<ReturnType<ReturnType<typeof accountToReplace>['executeTakeFirstOrThrow']>>;

/** The columns of an account a replacement reads; the caller adds its conditions and the lock. */
export const accountToReplace = (trx: Trx) => trx.selectFrom('control_accounts').selectAll();

export interface Replacing {
  principal: string;
  dueDate: string;
  origin: 1 | 2 | 3 | 4 | 5;
  customFields: { name: string; value: string | null }[];
  /** The new account's history row. */
  note: string;
  /** The old account's cancellation reason, given the new account's number. */
  reason: (number: string) => string;
  date: string;
  userId: number | null;
  /** Where a refusal of the draw is answered. */
  field: string;
}

export interface Replaced {
  id: number;
  formatted_number: string;
  open_principal: string;
  /** The old account's principal paid beyond the new principal (0 or more). */
  beyond: string;
}

export async function replaceAccount(trx: Trx, old: Account, replacing: Replacing): Promise<Replaced> {
  const { date } = replacing;
  const paid = new Exact(String(old.principal ?? '0')).minus(String(old.open_principal ?? '0'));
  const open = Exact.max(new Exact(replacing.principal).minus(paid), new Exact(0));
  const type = await trx.selectFrom('debt_types').select('debt_control_account_sequence_id').where('id', '=', Number(old.debt_type_id)).executeTakeFirstOrThrow();
  const drawn = await drawNumber(trx, Number(type.debt_control_account_sequence_id), { date, field: replacing.field });
  if (await trx.selectFrom('control_accounts').select('id').where('formatted_number', '=', drawn.formatted_number).executeTakeFirst()) throw conflict(MESSAGES.numberTaken(drawn.formatted_number));
  const values = {
    formatted_number: drawn.formatted_number, party_id: old.party_id, registration_id: old.registration_id, debt_type_id: old.debt_type_id, exercise: old.exercise,
    principal: replacing.principal, open_principal: open.toFixed(2), due_date: replacing.dueDate, posting_date: date, origin: replacing.origin,
    status: open.greaterThan(0) ? STATUS.open : STATUS.paid, related_control_account_id: Number(old.id),
    value_update_setting_id: old.value_update_setting_id, interest_update_setting_id: old.interest_update_setting_id,
    forfeit_update_setting_id: old.forfeit_update_setting_id, amount_amortization_setting_id: old.amount_amortization_setting_id,
  } as const;
  const row = await trx.insertInto('control_accounts').values(values).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (replacing.customFields.length) await trx.insertInto('control_account_custom_fields').values(replacing.customFields.map((field) => ({ control_account_id: id, ...field }))).execute();
  await trx.insertInto('control_account_balance_histories').values({ control_account_id: id, date, balance: open.toFixed(2), notes: replacing.note.slice(0, 255) }).execute();
  await recordAudit(trx, { event: 'created', userId: replacing.userId, module: 'control_account', recordId: id, newValues: { ...values, custom_field_list: replacing.customFields } });
  await writeCancellation(trx, { id: Number(old.id), reason: replacing.reason(drawn.formatted_number), date, status: Number(old.status), userId: replacing.userId, replacedBy: id });
  return { id, formatted_number: drawn.formatted_number, open_principal: open.toFixed(2), beyond: Exact.max(paid.minus(replacing.principal), new Exact(0)).toFixed(2) };
}

/** What an old account's payments paid beyond its replacement, as credit of its latest payment (§5 point 6). */
export async function creditBeyond(trx: Trx, partyId: number, accountId: number, amount: string): Promise<void> {
  if (!new Exact(amount).greaterThan(0)) return;
  const payment = await trx
    .selectFrom('receivable_payment_lines as l')
    .innerJoin('receivable_payments as p', 'p.id', 'l.receivable_payment_id')
    .select('p.id')
    .where('l.control_account_id', '=', accountId)
    .where('p.status', '=', PAYMENT_STATUS.done)
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!payment) return;
  const credit = await trx.selectFrom('receivable_credits').select(['id', 'amount']).where('payment_id', '=', payment.id).executeTakeFirst();
  if (credit) await trx.updateTable('receivable_credits').set({ amount: new Exact(String(credit.amount)).plus(amount).toFixed(2), updated_at: sql`now()` }).where('id', '=', credit.id).execute();
  else await trx.insertInto('receivable_credits').values({ party_id: partyId, payment_id: Number(payment.id), amount, used: '0.00' }).execute();
}

