/**
 * The deadline engine, pure (docs/DEADLINES.md has the rules and their legal basis): the moment a
 * deadline ends, from its base moment, an amount of a time unit and the place's calendar.
 *
 * - Minutes and hours run minute by minute on the clock (Código Civil art. 132 §4), in calendar time.
 * - Days exclude the start day and include the last (Lei 9.784/1999 art. 66; CPC art. 224): only
 *   business days count when so counted (CPC art. 219), every day otherwise; a last day without
 *   business moves to the next business day (art. 66 §1; CPC art. 224 §1). It ends at 23:59:59.
 * - Months and years run from date to date; a month without that day ends on its last day
 *   (art. 66 §3), moved to the next business day when it is none.
 */
import { addDays, daysBetween, type Calendar } from '../../services/holidays/calendar.js';
import { addMinutes, dateOf, minutesBetween, type Moment } from './moment.js';

export const TIME_UNIT = { minutes: 1, hours: 2, days: 3, months: 4, years: 5 } as const;
export type TimeUnit = 1 | 2 | 3 | 4 | 5;
export const COUNTING_WAY = { businessDays: 1, calendarDays: 2 } as const;
export type CountingWay = 1 | 2;

export interface DeadlineRule {
  timeUnit: TimeUnit;
  /** Days only; anything else than 2 counts business days. */
  countingWay?: CountingWay | null;
}

/** The calendar the engine asks: whether a date is a business day. */
export type BusinessDays = Pick<Calendar, 'isBusinessDay' | 'nextBusinessDay'>;

const END_OF_DAY = '23:59:59';

/** `amount` days after `date` (the date itself excluded), business or calendar days, on a business day. */
export function addCountedDays(date: string, amount: number, countingWay: CountingWay | null | undefined, calendar: BusinessDays): string {
  if (countingWay === COUNTING_WAY.calendarDays) return calendar.nextBusinessDay(addDays(date, amount));
  let day = date;
  for (let counted = 0; counted < amount; ) {
    day = addDays(day, 1);
    if (calendar.isBusinessDay(day)) counted += 1;
  }
  return calendar.nextBusinessDay(day);
}

/** The same day `months` later, or that month's last day when it has no such day. */
export function addMonthsDateToDate(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = targetMonth === 2 && isLeap(targetYear) ? 29 : MONTH_DAYS[targetMonth - 1];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(targetYear).padStart(4, '0')}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The moment a deadline ends.
 * @example deadlineMoment('2026-02-13 10:00:00', 3, { timeUnit: 3, countingWay: 1 }, calendar) // '2026-02-20 23:59:59' across Carnaval
 */
export function deadlineMoment(base: Moment, amount: number, rule: DeadlineRule, calendar: BusinessDays): Moment {
  switch (rule.timeUnit) {
    case TIME_UNIT.minutes:
      return addMinutes(base, amount);
    case TIME_UNIT.hours:
      return addMinutes(base, amount * 60);
    case TIME_UNIT.days:
      return `${addCountedDays(dateOf(base), amount, rule.countingWay, calendar)} ${END_OF_DAY}`;
    case TIME_UNIT.months:
      return `${calendar.nextBusinessDay(addMonthsDateToDate(dateOf(base), amount))} ${END_OF_DAY}`;
    case TIME_UNIT.years:
      return `${calendar.nextBusinessDay(addMonthsDateToDate(dateOf(base), amount * 12))} ${END_OF_DAY}`;
  }
}

/**
 * The deadline after a suspension from `suspendedAt` to `reactivatedAt` (CPC art. 221: what remained
 * is given back): by the minutes suspended for minutes and hours; by the days suspended otherwise,
 * business days when the type counts them, calendar days else, the end moved to a business day.
 */
export function extendAfterSuspension(deadline: Moment, suspendedAt: Moment, reactivatedAt: Moment, rule: DeadlineRule, calendar: BusinessDays): Moment {
  if (rule.timeUnit === TIME_UNIT.minutes || rule.timeUnit === TIME_UNIT.hours) return addMinutes(deadline, Math.max(0, minutesBetween(suspendedAt, reactivatedAt)));
  const from = dateOf(suspendedAt);
  const to = dateOf(reactivatedAt);
  if (rule.timeUnit === TIME_UNIT.days && rule.countingWay !== COUNTING_WAY.calendarDays) {
    let suspended = 0;
    for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (calendar.isBusinessDay(day)) suspended += 1;
    return `${addCountedDays(dateOf(deadline), suspended, COUNTING_WAY.businessDays, calendar)} ${END_OF_DAY}`;
  }
  return `${calendar.nextBusinessDay(addDays(dateOf(deadline), Math.max(0, daysBetween(from, to))))} ${END_OF_DAY}`;
}
