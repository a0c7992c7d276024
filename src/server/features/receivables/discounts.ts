import { Exact } from '../../../shared/finance/exact.js';
import type { RoundingConfig } from '../../../shared/finance/settings.js';
import { checkDate, checkMoney, type BusinessDays } from './input.js';
import { rounderOn, type Setting } from './settings.js';

/**
 * The discount schedule (docs/RECEIVABLES.md §2, 'The discount schedule'): an annuity of year Y takes
 * its debt type's `standard_discounts` dated in Y and on or before its due date (a discount never
 * meets arrears); a payment on day P takes the row of the earliest date, extended to a business
 * day, on or after P; the discount is that percentage of the open principal, rounded.
 */

/** A row of `tipo_debito.standard_discounts`: 'Pago até' and 'Desconto (%)'. */
export interface StandardDiscount {
  date: string;
  percentage: string;
}

/** The rows an annuity of `year` due on `dueDate` takes, earliest first. */
export function discountSchedule(rows: readonly StandardDiscount[], year: number, dueDate: string): StandardDiscount[] {
  return rows
    .filter((row) => Number(row.date.slice(0, 4)) === year && row.date <= dueDate)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The row of `schedule` a payment on `paymentDate` takes: the earliest whose date, honoured up to the
 * next business day, is on or after the payment; none when every date has passed.
 */
export function discountRowOn(schedule: readonly StandardDiscount[], paymentDate: string, calendar: BusinessDays): StandardDiscount | undefined {
  return schedule.find((row) => calendar.nextBusinessDay(row.date) >= paymentDate);
}

export interface DiscountInput {
  standard_discounts: readonly StandardDiscount[];
  /** The account's exercise. */
  year: number;
  due_date: string;
  open_principal: string;
  payment_date: string;
  calendar: BusinessDays;
  rounding?: Setting<RoundingConfig>;
}

export interface Discount {
  /** The row taken, or null. */
  row: StandardDiscount | null;
  /** The row's date honoured: the next business day when it is none. */
  honoured_until: string | null;
  /** The percentage of the open principal, rounded by the rounding in force on the payment date. */
  amount: string;
}

/**
 * The discount a payment that settles the account on `payment_date` takes.
 * @example discountOn({ standard_discounts: [{ date: '2026-01-31', percentage: '10' }], year: 2026, due_date: '2026-03-31', open_principal: '650.00', payment_date: '2026-02-02', calendar }).amount // '65.00'
 */
export function discountOn(input: DiscountInput): Discount {
  const principal = checkMoney('open_principal', 'Valor original em aberto', input.open_principal);
  const due = checkDate('due_date', 'Vencimento', input.due_date);
  const paid = checkDate('payment_date', 'Pagamento', input.payment_date);
  const rounder = rounderOn(input.rounding, paid);
  const row = discountRowOn(discountSchedule(input.standard_discounts, input.year, due), paid, input.calendar);
  // Rows are on or before the due date, so a row taken is never past the due date honoured.
  if (!row) return { row: null, honoured_until: null, amount: rounder.round(new Exact(0)) };
  return {
    row,
    honoured_until: input.calendar.nextBusinessDay(row.date),
    amount: rounder.round(principal.times(row.percentage).div(100)),
  };
}
