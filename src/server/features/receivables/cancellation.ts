import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { brDate } from '../../../shared/dates.js';
import { recordAudit } from '../../core/audit/record.js';
import { dynamic } from '../../core/db/dynamic.js';
import { conflict, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import { findRecord } from '../../core/resources/read.js';
import { consolidation } from './consolidation.js';
import { MESSAGES as POSTING, STATUS, type PostingContext } from './posting.js';

/**
 * The cancellation of a control account (docs/RECEIVABLES.md §3 'Cancellation'): with a reason, dated
 * the council's today unless an earlier day is named, never a consolidated one; Aberta or Aguardando
 * confirmação become Cancelada, which is final. One transaction holds the account's lock, its new
 * state, the balance-history row 'Cancelamento: <motivo>' and the audit row.
 */

export const CANCELLATION_MESSAGES = {
  reasonRequired: 'Informe o motivo do cancelamento.',
  dateAfterToday: (today: string) => `A data do cancelamento não pode ser posterior a hoje (${brDate(today)}).`,
  alreadyCancelled: 'Esta conta já está cancelada.',
  paid: 'Esta conta está paga e não pode ser cancelada: estorne antes o pagamento.',
  notCancellable: (state: string) => `Uma conta ${state} não pode ser cancelada.`,
} as const;

const STATE_WORDS: Record<number, string> = { [STATUS.instalments]: 'parcelada', [STATUS.broken]: 'quebrada' };

export interface CancellationBody {
  motivo: string;
  data?: string | null;
}

/** What a cancellation writes, inside a transaction the caller holds with the account locked. */
export interface Cancelling {
  id: number;
  reason: string;
  date: string;
  status: number;
  userId: number | null;
  /** The account that replaces it (§5 'Leaving charges'). */
  replacedBy?: number;
}

/** The refusal of a cancellation by the account's state: 409 unless it is Aberta or Aguardando confirmação. */
export function cancellationRefusal(status: number): string | undefined {
  if (status === STATUS.open || status === STATUS.awaiting) return undefined;
  if (status === STATUS.cancelled) return CANCELLATION_MESSAGES.alreadyCancelled;
  if (status === STATUS.paid) return CANCELLATION_MESSAGES.paid;
  return CANCELLATION_MESSAGES.notCancellable(STATE_WORDS[status] ?? 'nesta situação');
}

/** Writes a cancellation: state 3, the reason, the history row (nothing left open) and the audit row. */
export async function writeCancellation(trx: Kysely<SpaceDatabase>, cancelling: Cancelling): Promise<void> {
  const { id, reason, date } = cancelling;
  await trx
    .updateTable('control_accounts')
    .set({ status: STATUS.cancelled, cancellation_reason: reason, replaced_by_id: cancelling.replacedBy ?? null, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  await trx.insertInto('control_account_balance_histories').values({ control_account_id: id, date, balance: '0.00', notes: `Cancelamento: ${reason}`.slice(0, 255) }).execute();
  await recordAudit(trx, {
    event: 'updated', userId: cancelling.userId, module: 'control_account', recordId: id,
    oldValues: { status: cancelling.status }, newValues: { status: STATUS.cancelled, cancellation_reason: reason, ...(cancelling.replacedBy ? { replaced_by_id: cancelling.replacedBy } : {}) },
  });
}

/**
 * Cancels account `id` and answers it as `GET /api/control_account/{id}` shows it.
 * @example cancelAccount(context, 12, { motivo: 'Lançada em duplicidade' }) // { status: 3, cancellation_reason: 'Lançada em duplicidade', … }
 */
export async function cancelAccount(context: PostingContext, id: number, body: CancellationBody): Promise<Record<string, unknown>> {
  const { db, today } = context;
  const reason = body.motivo?.trim() ?? '';
  const date = body.data ?? today;
  const errors: FieldErrors = {};
  if (!reason) errors.motivo = [CANCELLATION_MESSAGES.reasonRequired];
  if (date > today) errors.data = [CANCELLATION_MESSAGES.dateAfterToday(today)];
  else {
    const closed = await consolidation(db, date);
    if (closed) errors.data = [closed];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  await db.transaction().execute(async (trx) => {
    // A second cancellation at once waits here and then finds the account cancelled.
    const account = await trx.selectFrom('control_accounts').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!account) throw notFound(POSTING.accountNotFound);
    const refusal = cancellationRefusal(Number(account.status));
    if (refusal) throw conflict(refusal);
    await writeCancellation(trx, { id, reason, date, status: Number(account.status), userId: context.userId });
  });
  return findRecord(dynamic(db), context.model.byModule.get('control_account')!, id);
}
