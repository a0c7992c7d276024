import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { Exact } from '../../../shared/finance/exact.js';
import type { FinanceFigures } from '../../../shared/contracts/receivables.js';
import type { BusinessDays } from './input.js';
import { CREDIT_MEANS, PAYMENT_STATUS } from './payments.js';
import { STATUS } from './posting.js';
import { isOverdue } from './regularity.js';
import { dateText } from './stored-settings.js';
import { loadCalendar } from '../../services/holidays/load.js';

/**
 * The dashboard's finance figures (docs/RECEIVABLES.md §9), exact decimals from the control accounts
 * and the payments:
 * - billed (Faturado) in a month: the original principal of the accounts falling due in it, but those
 *   Cancelada and those Aguardando confirmação (not yet posted for good);
 * - received (Recebido) in a month: the payments made in it, but those reversed and those of means
 *   5 Crédito (money received before, by the payment whose excess made the credit);
 * - open (Em aberto) on the date: the open principal of the accounts Aberta, whatever their year;
 * - overdue (Vencido) on the date: of those, the ones whose due date, extended to a business day, is
 *   before the date (§8).
 */



interface MonthSum { month: number; total: string }
interface DueSum { due_date: string; total: string }

/**
 * @example financeSummary({ billed: [{ month: 3, total: '650.00' }], received: [], open: [{ due_date: '2026-03-31', total: '650.00' }] }, 2026, '2026-04-30', calendar)
 * // { billed: '650.00', received: '0.00', open: '650.00', overdue: '650.00', months: [{ month: 1, billed: '0.00', received: '0.00' }, …] }
 */
export function financeSummary(rows: { billed: MonthSum[]; received: MonthSum[]; open: DueSum[] }, year: number, date: string, calendar: BusinessDays): FinanceFigures {
  const money = (value: Exact) => value.toFixed(2);
  const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Exact(0));
  const inMonth = (list: MonthSum[], month: number) => sum(list.filter((row) => row.month === month).map((row) => row.total));
  const months = Array.from({ length: 12 }, (_, index) => index + 1).map((month) => ({ month, billed: money(inMonth(rows.billed, month)), received: money(inMonth(rows.received, month)) }));
  const overdue = rows.open.filter((row) => isOverdue({ status: STATUS.open, due_date: row.due_date }, date, calendar));
  return {
    year, date,
    billed: money(sum(rows.billed.map((row) => row.total))),
    received: money(sum(rows.received.map((row) => row.total))),
    open: money(sum(rows.open.map((row) => row.total))),
    overdue: money(sum(overdue.map((row) => row.total))),
    months,
  };
}


/** The figures of `year` by month, and what is open and overdue on `date` (the council's today). */
export async function financeFigures(db: Kysely<SpaceDatabase>, year: number, date: string): Promise<FinanceFigures> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const [billed, received, open] = await Promise.all([
    db.selectFrom('control_accounts')
      .select([sql<number>`extract(month from due_date)::int`.as('month'), sql<string>`coalesce(sum(principal), 0)::text`.as('total')])
      .where('due_date', '>=', from).where('due_date', '<=', to)
      .where('status', 'not in', [STATUS.cancelled, STATUS.awaiting])
      .groupBy(sql`1`)
      .execute(),
    db.selectFrom('receivable_payments')
      .select([sql<number>`extract(month from date)::int`.as('month'), sql<string>`sum(amount)::text`.as('total')])
      .where('date', '>=', from).where('date', '<=', to)
      .where('status', '=', PAYMENT_STATUS.done).where('means', '<>', CREDIT_MEANS)
      .groupBy(sql`1`)
      .execute(),
    db.selectFrom('control_accounts')
      .select(['due_date', sql<string>`coalesce(sum(open_principal), 0)::text`.as('total')])
      .where('status', '=', STATUS.open)
      .groupBy('due_date')
      .execute(),
  ]);
  const calendar = open.length ? await loadCalendar(db) : { nextBusinessDay: (day: string) => day };
  return financeSummary(
    {
      billed: billed.map((row) => ({ month: Number(row.month), total: row.total })),
      received: received.map((row) => ({ month: Number(row.month), total: row.total })),
      open: open.map((row) => ({ due_date: row.due_date == null ? '' : dateText(row.due_date), total: row.total })),
    },
    year, date, calendar,
  );
}
