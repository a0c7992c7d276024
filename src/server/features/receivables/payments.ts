import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { brDate } from '../../../shared/dates.js';
import { decimalProblem, formatCents, MONEY_DIGITS } from '../../../shared/decimals.js';
import { Exact } from '../../../shared/finance/exact.js';
import { recordAudit } from '../../core/audit/record.js';
import { dynamic } from '../../core/db/dynamic.js';
import { AppError, conflict, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import { findRecord } from '../../core/resources/read.js';
import { accountRow, balanceOf, dateContext } from './account-balance.js';
import { amortise, AMOUNT_NOT_POSITIVE, type AmortisationPriority } from './amortisation.js';
import { consolidation, refuseConsolidated } from './consolidation.js';
import { InvalidInput } from './input.js';
import { STATUS } from './posting.js';
import { dateText, roundingSetting, roundingSettingIdOf } from './stored-settings.js';

/**
 * Payments (baixa) and their reversal (docs/RECEIVABLES.md §7): a payment of one party's open accounts
 * on a date, amortised between them by the oldest account's amortisation setting (oldest first or
 * spread) and within each by the same fraction of every part of its balance (./amortisation.ts); one
 * transaction that locks the accounts, writes the payment and its lines, the accounts' new open
 * principal and state, a balance-history row each and the audit row; what passes the balances is the
 * payment's credit. A reversal undoes the whole payment, refused while a later payment touches one of
 * its accounts or when its date is consolidated.
 */

export const MEANS_LABELS: Record<number, string> = { 1: 'Dinheiro', 2: 'Boleto', 3: 'PIX', 4: 'Transferência', 5: 'Crédito', 6: 'Cartão' };
export const PAYMENT_STATUS = { done: 1, reversed: 2 } as const;
/** Means 5 Crédito: a payment made with the party's credit (money an earlier overpayment brought in). */
export const CREDIT_MEANS = 5;

export const PAYMENT_MESSAGES = {
  dateAfterToday: (today: string) => `A data do pagamento não pode ser posterior a hoje (${brDate(today)}).`,
  accountsRequired: 'Informe as contas que o pagamento paga.',
  accountNotFound: 'A conta informada não existe.',
  oneParty: 'As contas de um pagamento devem ser do mesmo devedor.',
  cancelled: 'Não é possível pagar uma conta cancelada.',
  notOpen: (number: string) => `A conta ${number} não está aberta.`,
  beingPaid: (number: string) => `A conta ${number} está sendo paga por outro pagamento.`,
  paymentNotFound: 'Pagamento não encontrado.',
  reasonRequired: 'Informe o motivo do estorno.',
  alreadyReversed: 'Este pagamento já foi estornado.',
  laterPayment: (id: number) => `Estorne antes o pagamento nº ${id}, posterior a este.`,
  accountCancelled: (number: string) => `A conta ${number} foi cancelada depois deste pagamento, que não pode mais ser estornado.`,
  creditUsed: (id: number) => `O crédito deste pagamento já foi usado pelo pagamento nº ${id}: estorne-o antes.`,
} as const;

export interface PaymentBody {
  date: string;
  amount: string;
  means: number;
  control_account_ids: number[];
  notes?: string | null;
}

export interface PaymentContext {
  db: Kysely<SpaceDatabase>;
  model: Model;
  today: string;
  userId: number | null;
}

/** PostgreSQL's 'lock not available' (a `for update nowait` meeting another transaction's lock). */
const lockTaken = (error: unknown) => (error as { code?: string })?.code === '55P03';

/**
 * Pays accounts of one party and answers the payment as `GET /api/pagamentos/{id}` shows it.
 * @example payAccounts(context, { date: '2026-03-31', amount: '700.00', means: 3, control_account_ids: [1, 2] })
 */
export async function payAccounts(context: PaymentContext, body: PaymentBody): Promise<Record<string, unknown>> {
  const { db, model, today } = context;
  const errors: FieldErrors = {};
  if (body.date > today) errors.date = [PAYMENT_MESSAGES.dateAfterToday(today)];
  else {
    const closed = await consolidation(db, body.date);
    if (closed) errors.date = [closed];
  }
  const amountProblem = decimalProblem(body.amount.trim(), 'Valor', MONEY_DIGITS);
  if (amountProblem) errors.amount = [amountProblem];
  else if (!new Exact(body.amount.trim()).greaterThan(0)) errors.amount = [AMOUNT_NOT_POSITIVE];
  const ids = [...new Set(body.control_account_ids)];
  if (ids.length === 0) errors.control_account_ids = [PAYMENT_MESSAGES.accountsRequired];
  if (Object.keys(errors).length) throw invalid(errors);
  const amount = new Exact(body.amount.trim()).toFixed(2);

  const paymentId = await db.transaction().execute(async (trx) => {
    let locked;
    try {
      locked = await trx.selectFrom('control_accounts').select(['id', 'formatted_number', 'party_id', 'status']).where('id', 'in', ids).orderBy('id').forUpdate().noWait().execute();
    } catch (error) {
      if (!lockTaken(error)) throw error;
      const busy = await db.selectFrom('control_accounts').select('formatted_number').where('id', 'in', ids).orderBy('id').execute();
      throw conflict(PAYMENT_MESSAGES.beingPaid(busy.map((row) => row.formatted_number).join(', ')));
    }
    if (locked.length !== ids.length) throw invalid({ control_account_ids: [PAYMENT_MESSAGES.accountNotFound] });
    for (const account of locked) {
      if (account.status === STATUS.cancelled) throw invalid({ control_account_ids: [PAYMENT_MESSAGES.cancelled] });
      if (account.status !== STATUS.open) throw invalid({ control_account_ids: [PAYMENT_MESSAGES.notOpen(account.formatted_number)] });
    }
    const parties = new Set(locked.map((account) => Number(account.party_id)));
    if (parties.size !== 1 || locked.some((account) => account.party_id == null)) throw invalid({ control_account_ids: [PAYMENT_MESSAGES.oneParty] });

    const { id, credit } = await applyPayment(trx, model, { partyId: [...parties][0]!, date: body.date, amount, means: body.means, notes: body.notes?.trim() || null, accountIds: ids, userId: context.userId });
    if (new Exact(credit).greaterThan(0)) await trx.insertInto('receivable_credits').values({ party_id: [...parties][0]!, payment_id: id, amount: credit, used: '0.00' }).execute();
    return id;
  });
  return findRecord(dynamic(db), model.byModule.get('pagamentos')!, paymentId);
}

interface PaymentToApply {
  partyId: number;
  date: string;
  amount: string;
  means: number;
  notes: string | null;
  /** Open accounts of the party, locked by the caller's transaction. */
  accountIds: number[];
  userId: number | null;
  /** The credits a payment of means 5 Crédito uses: `[credit id, amount]`. */
  creditUses?: [number, string][];
}

/**
 * Writes a payment of accounts the caller has locked and checked: their balances on the date, the
 * amortisation, the payment and its lines, the accounts' new state, a history row each and the audit.
 */
async function applyPayment(trx: Kysely<SpaceDatabase>, model: Model, payment: PaymentToApply): Promise<{ id: number; credit: string }> {
  const { date, amount } = payment;
  const accounts = await accountRow(trx).select('amount_amortization_setting_id').where('id', 'in', payment.accountIds).execute();
  const dates = await dateContext(trx, date, 'date');
  const balances = new Map<number, Awaited<ReturnType<typeof balanceOf>>>();
  for (const account of accounts) balances.set(Number(account.id), await balanceOf(trx, model, account, date, dates, 'date'));
  const oldest = [...accounts].sort((a, b) => (dateText(a.due_date) < dateText(b.due_date) ? -1 : dateText(a.due_date) > dateText(b.due_date) ? 1 : a.formatted_number < b.formatted_number ? -1 : 1))[0]!;
  const priority = await priorityOf(trx, oldest.amount_amortization_setting_id == null ? null : Number(oldest.amount_amortization_setting_id), date);
  const roundingId = await roundingSettingIdOf(trx, oldest.debt_type_id == null ? null : Number(oldest.debt_type_id), date);
  let paid;
  try {
    paid = amortise({
      amount, date, priority, rounding: roundingId == null ? undefined : await roundingSetting(trx, model, roundingId),
      accounts: accounts.map((account) => ({ number: account.formatted_number, due_date: dateText(account.due_date), open_principal: String(account.open_principal ?? '0'), balance: balances.get(Number(account.id))! })),
    });
  } catch (error) {
    if (error instanceof InvalidInput) throw invalid({ [error.field === 'amount' ? 'amount' : 'date']: [error.message] });
    throw error;
  }
  const byNumber = new Map(accounts.map((account) => [account.formatted_number, account]));
  const row = await trx
    .insertInto('receivable_payments')
    .values({ party_id: payment.partyId, date, amount, means: payment.means as 1, notes: payment.notes, credit: paid.credit, status: PAYMENT_STATUS.done })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const note = `Pagamento de R$ ${formatCents(amount)} (${MEANS_LABELS[payment.means]}) nº ${id}`;
  const lines = paid.accounts.map((line) => {
    const account = byNumber.get(line.number)!;
    return {
      receivable_payment_id: id, control_account_id: Number(account.id), applied: line.applied, principal_share: line.principal_share, discount: line.discount,
      open_principal_before: String(account.open_principal ?? '0'), open_principal_after: line.open_principal, status_before: Number(account.status), settled: line.settled,
    };
  });
  await trx.insertInto('receivable_payment_lines').values(lines).execute();
  const uses = payment.creditUses ?? [];
  if (uses.length) await trx.insertInto('receivable_payment_credit_uses').values(uses.map(([credit_id, used]) => ({ receivable_payment_id: id, credit_id, amount: used }))).execute();
  for (const line of lines) {
    await trx.updateTable('control_accounts').set({ open_principal: line.open_principal_after, status: line.settled ? STATUS.paid : STATUS.open, updated_at: sql`now()` }).where('id', '=', line.control_account_id).execute();
    await trx.insertInto('control_account_balance_histories').values({ control_account_id: line.control_account_id, date, balance: line.open_principal_after, notes: note }).execute();
  }
  await recordAudit(trx, { event: 'created', userId: payment.userId, module: 'pagamentos', recordId: id, newValues: { party_id: payment.partyId, date, amount, means: payment.means, credit: paid.credit, lines, credit_uses: uses } });
  return { id, credit: paid.credit };
}

/**
 * The party's credit applied to a new account (§7 'Overpayment'): a payment of means 5 Crédito dated
 * `date`, of the credit left (oldest first) up to the account's balance on that day. Inside the
 * posting's (or the confirmation's) transaction; nothing when the party has no credit. A consolidated
 * `date` is refused on `field` (§3 'Consolidation'), whoever calls.
 */
export async function applyCredit(trx: Kysely<SpaceDatabase>, model: Model, partyId: number, accountId: number, date: string, userId: number | null, field = 'date'): Promise<void> {
  const credits = await trx.selectFrom('receivable_credits').select(['id', 'amount', 'used']).where('party_id', '=', partyId).whereRef('amount', '>', 'used').orderBy('id').forUpdate().execute();
  if (credits.length === 0) return;
  await refuseConsolidated(trx, date, field);
  const available = credits.reduce((sum, credit) => sum.plus(credit.amount).minus(credit.used), new Exact(0));
  const account = await accountRow(trx).where('id', '=', accountId).executeTakeFirstOrThrow();
  const balance = await balanceOf(trx, model, account, date, await dateContext(trx, date, 'posting_date'), 'posting_date');
  const amount = Exact.min(available, balance.total);
  if (!amount.greaterThan(0)) return;
  let left = amount;
  const uses: [number, string][] = [];
  for (const credit of credits) {
    if (!left.greaterThan(0)) break;
    const take = Exact.min(left, new Exact(credit.amount).minus(credit.used));
    uses.push([Number(credit.id), take.toFixed(2)]);
    left = left.minus(take);
    await trx.updateTable('receivable_credits').set({ used: new Exact(credit.used).plus(take).toFixed(2), updated_at: sql`now()` }).where('id', '=', credit.id).execute();
  }
  await applyPayment(trx, model, {
    partyId, date, amount: amount.toFixed(2), means: CREDIT_MEANS, notes: `Crédito dos pagamentos nº ${credits.filter((credit) => uses.some(([id]) => id === Number(credit.id))).map((credit) => credit.id).join(', ')}`,
    accountIds: [accountId], userId, creditUses: uses,
  });
}

/** `amortization_amount_priority` of the amortisation setting's configuration in force on `date`; oldest first without one. */
async function priorityOf(db: Kysely<SpaceDatabase>, settingId: number | null, date: string): Promise<AmortisationPriority> {
  if (settingId == null) return 1;
  const config = await db
    .selectFrom('amount_amortization_configs')
    .select('amortization_amount_priority')
    .where('amount_amortization_setting_id', '=', settingId)
    .where('since', '<=', date)
    .orderBy('since', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (config?.amortization_amount_priority === 2 ? 2 : 1);
}

/**
 * Reverses payment `id` (estorno): every account back to its open principal and state before it,
 * with a balance-history row; the payment kept as Estornado with the reason.
 */
export async function reversePayment(context: PaymentContext, id: number, reason: string | null | undefined): Promise<Record<string, unknown>> {
  const { db, model, today } = context;
  const why = reason?.trim() ?? '';
  if (!why) throw invalid({ reason: [PAYMENT_MESSAGES.reasonRequired] });
  await db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('receivable_payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === PAYMENT_STATUS.reversed) throw conflict(PAYMENT_MESSAGES.alreadyReversed);
    const closed = await consolidation(trx, dateText(payment.date));
    if (closed) throw conflict(closed);
    const lines = await trx.selectFrom('receivable_payment_lines').selectAll().where('receivable_payment_id', '=', id).execute();
    const accountIds = lines.map((line) => Number(line.control_account_id));
    let later;
    try {
      await trx.selectFrom('control_accounts').select('id').where('id', 'in', accountIds).orderBy('id').forUpdate().noWait().execute();
      later = await trx
        .selectFrom('receivable_payment_lines as l')
        .innerJoin('receivable_payments as p', 'p.id', 'l.receivable_payment_id')
        .select('p.id')
        .where('l.control_account_id', 'in', accountIds)
        .where('p.status', '=', PAYMENT_STATUS.done)
        .where('p.id', '>', id)
        .orderBy('p.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    } catch (error) {
      if (lockTaken(error)) throw new AppError(409, PAYMENT_MESSAGES.beingPaid(String(id)));
      throw error;
    }
    if (later) throw conflict(PAYMENT_MESSAGES.laterPayment(Number(later.id)));
    // Cancelled is final: a reversal would open an account cancelled or replaced since (§5 'Leaving charges').
    const cancelled = await trx.selectFrom('control_accounts').select('formatted_number').where('id', 'in', accountIds).where('status', '=', STATUS.cancelled).orderBy('id').executeTakeFirst();
    if (cancelled) throw conflict(PAYMENT_MESSAGES.accountCancelled(cancelled.formatted_number));
    // Its credit: refused once used by a payment still standing; else taken away.
    const credit = await trx.selectFrom('receivable_credits').select(['id', 'used']).where('payment_id', '=', id).forUpdate().executeTakeFirst();
    if (credit) {
      const user = await trx
        .selectFrom('receivable_payment_credit_uses as u')
        .innerJoin('receivable_payments as p', 'p.id', 'u.receivable_payment_id')
        .select('p.id')
        .where('u.credit_id', '=', credit.id)
        .where('p.status', '=', PAYMENT_STATUS.done)
        .orderBy('p.id')
        .limit(1)
        .executeTakeFirst();
      if (user) throw conflict(PAYMENT_MESSAGES.creditUsed(Number(user.id)));
      const usedBefore = await trx.selectFrom('receivable_payment_credit_uses').select('id').where('credit_id', '=', credit.id).limit(1).executeTakeFirst();
      // A credit that reversed payments used stays, at zero, as their uses name it.
      if (usedBefore) await trx.updateTable('receivable_credits').set({ amount: '0.00', used: '0.00', updated_at: sql`now()` }).where('id', '=', credit.id).execute();
      else await trx.deleteFrom('receivable_credits').where('id', '=', credit.id).execute();
    }
    // A payment of credit gives back what it used.
    const uses = await trx.selectFrom('receivable_payment_credit_uses').select(['credit_id', 'amount']).where('receivable_payment_id', '=', id).execute();
    for (const use of uses) {
      await trx.updateTable('receivable_credits').set({ used: sql`used - ${String(use.amount)}::numeric`, updated_at: sql`now()` }).where('id', '=', use.credit_id).execute();
    }
    const note = `Estorno do pagamento nº ${id}: ${why}`.slice(0, 255);
    for (const line of lines) {
      await trx.updateTable('control_accounts').set({ open_principal: String(line.open_principal_before), status: line.status_before as 1, updated_at: sql`now()` }).where('id', '=', line.control_account_id).execute();
      await trx.insertInto('control_account_balance_histories').values({ control_account_id: line.control_account_id, date: today, balance: String(line.open_principal_before), notes: note }).execute();
    }
    await trx.updateTable('receivable_payments').set({ status: PAYMENT_STATUS.reversed, reversal_reason: why.slice(0, 1000), reversal_date: today, updated_at: sql`now()` }).where('id', '=', id).execute();
    await recordAudit(trx, { event: 'updated', userId: context.userId, module: 'pagamentos', recordId: id, oldValues: { status: PAYMENT_STATUS.done }, newValues: { status: PAYMENT_STATUS.reversed, reversal_reason: why } });
  });
  return findRecord(dynamic(db), model.byModule.get('pagamentos')!, id);
}
