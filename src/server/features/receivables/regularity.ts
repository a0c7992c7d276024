import { brDate } from '../../../shared/dates.js';
import { formatCents } from '../../../shared/decimals.js';
import { Exact } from '../../../shared/finance/exact.js';
import type { BusinessDays } from './input.js';
import { STATUS } from './posting.js';

/**
 * Regularity (docs/RECEIVABLES.md §8), pure: a party is em débito on a date while an account of it is
 * Aberta and its due date, extended to the next business day, is before that date; Parcelada,
 * Cancelada, Paga and Aguardando confirmação never count. The total is the overdue accounts' balances
 * on the date (each rounded on its own), the oldest due date the one the debt runs from.
 */

export interface RegularityAccount {
  status: number | null;
  due_date: string;
  /** The account's balance on the date (§6); read only when it is overdue. */
  total?: string;
}

export interface Regularity {
  regular: boolean;
  /** How many accounts are overdue. */
  debts: number;
  /** Their balances' sum on the date, `1234.56`. */
  total: string;
  /** The oldest overdue due date (as the account holds it), null when regular. */
  since: string | null;
  /** 'Em dia', or 'Em débito: R$ 1.234,56 desde 31/03/2026'. */
  label: string;
}

/** Whether an account is overdue on `date`: Aberta, its due date extended to a business day before `date`. */
export const isOverdue = (account: RegularityAccount, date: string, calendar: BusinessDays): boolean =>
  account.status === STATUS.open && account.due_date !== '' && calendar.nextBusinessDay(account.due_date) < date;

/**
 * @example regularity([{ status: 1, due_date: '2026-03-31', total: '656.50' }], '2026-04-30', calendar)
 * // { regular: false, debts: 1, total: '656.50', since: '2026-03-31', label: 'Em débito: R$ 656,50 desde 31/03/2026' }
 */
export function regularity(accounts: readonly RegularityAccount[], date: string, calendar: BusinessDays): Regularity {
  const overdue = accounts.filter((account) => isOverdue(account, date, calendar));
  if (overdue.length === 0) return { regular: true, debts: 0, total: '0.00', since: null, label: 'Em dia' };
  const total = overdue.reduce((sum, account) => sum.plus(account.total ?? '0'), new Exact(0)).toFixed(2);
  const since = overdue.map((account) => account.due_date).sort()[0]!;
  return { regular: false, debts: overdue.length, total, since, label: `Em débito: R$ ${formatCents(total)} desde ${brDate(since)}` };
}

/** Why a certidão de regularidade is refused by the debts: 'há 2 débitos vencidos, no total de R$ 1.234,56 atualizado até hoje'. */
export function debtsReason(state: Regularity): string | null {
  if (state.regular) return null;
  return state.debts === 1
    ? `há 1 débito vencido, de R$ ${formatCents(state.total)} atualizado até hoje`
    : `há ${state.debts} débitos vencidos, no total de R$ ${formatCents(state.total)} atualizado até hoje`;
}
