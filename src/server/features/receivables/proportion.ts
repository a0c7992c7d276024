import { dayNumber, daysInMonth } from '../../../shared/dates.js';
import { Exact } from '../../../shared/finance/exact.js';
import type { RoundingConfig } from '../../../shared/finance/settings.js';
import { checkDate, checkMoney, InvalidInput } from './input.js';
import { rounderOn, type Setting } from './settings.js';

/**
 * The proportion of a year's annuity (docs/RECEIVABLES.md §5, 'The proportion'): a fixed percentage
 * of the debt type's entries or leaves when one is dated in the year on or before the date, else the
 * fraction of the year its counting way gives. The registration holds from the entry date to 31/12,
 * or from 01/01 to the day before the exit. The fraction stays a rational (8/12, as the account
 * shows it); the amount is the value times it, rounded once.
 */

/** M monthly (a day of the month), D daily (days in a year), S weekly (a weekday, 1 Monday to 7 Sunday), A yearly (a month). */
export type CountingWay = 'M' | 'D' | 'S' | 'A';

/** A row of `proportionality_entries` or `proportionality_leaves`: from its date, its percentage. */
export interface ProportionalityRow {
  date: string;
  percentage: string;
}

/** The debt type's fields that say how a proportion is counted. */
export interface ProportionRules {
  proportionality_percent: boolean;
  counting_way: CountingWay;
  counting_way_value: number;
  proportionality_entries?: readonly ProportionalityRow[];
  proportionality_leaves?: readonly ProportionalityRow[];
}

export interface ProportionInput {
  /** The year's full value. */
  value: string;
  year: number;
  /** Entering charges on `date`, or leaving them on it. */
  event: 'entry' | 'exit';
  date: string;
  rules: ProportionRules;
  /** The rounding setting's configuration in force on this date rounds the amount. */
  posting_date: string;
  rounding?: Setting<RoundingConfig>;
}

export interface Proportion {
  numerator: number;
  denominator: number;
  /** What gave the fraction: a fixed percentage, the counting way, or none (not proportional). */
  by: 'percentage' | 'counting_way' | 'whole';
  amount: string;
}

type Fraction = Pick<Proportion, 'numerator' | 'denominator'>;

/**
 * The proportional annuity.
 * @example proportion({ value: '650.00', year: 2026, event: 'entry', date: '2026-05-10', rules: { proportionality_percent: true, counting_way: 'M', counting_way_value: 15 }, posting_date: '2026-05-10' }) // 8/12, '433.33'
 */
export function proportion(input: ProportionInput): Proportion {
  const value = checkMoney('value', 'Valor', input.value);
  const date = checkDate('date', 'Data', input.date);
  if (Number(date.slice(0, 4)) !== input.year) throw new InvalidInput('date', `O campo Data deve ser uma data do exercício ${input.year}.`);
  const rounder = rounderOn(input.rounding, checkDate('posting_date', 'Data do lançamento', input.posting_date));
  const [fraction, by] = fractionOf(input.rules, input.year, input.event, date);
  return { ...fraction, by, amount: rounder.round(value.times(fraction.numerator).div(fraction.denominator)) };
}

function fractionOf(rules: ProportionRules, year: number, event: 'entry' | 'exit', date: string): [Fraction, Proportion['by']] {
  if (!rules.proportionality_percent) return [{ numerator: 1, denominator: 1 }, 'whole'];
  const row = latestRow((event === 'entry' ? rules.proportionality_entries : rules.proportionality_leaves) ?? [], year, date);
  if (row) return [percentageFraction(row.percentage), 'percentage'];
  // Registered: from the entry to 31/12, or from 01/01 to the day before the exit.
  const first = event === 'entry' ? dayNumber(date) : dayNumber(`${year}-01-01`);
  const last = event === 'entry' ? dayNumber(`${year}-12-31`) : dayNumber(date) - 1;
  return [countingFraction(rules, year, event, date, first, last), 'counting_way'];
}

/** The row of the latest date in `year` on or before `date`. */
function latestRow(rows: readonly ProportionalityRow[], year: number, date: string): ProportionalityRow | undefined {
  let found: ProportionalityRow | undefined;
  for (const row of rows) if (Number(row.date.slice(0, 4)) === year && row.date <= date && (!found || row.date > found.date)) found = row;
  return found;
}

/** A percentage as a fraction of whole numbers: '50' → 50/100, '12.5' → 125/1000. */
function percentageFraction(percentage: string): Fraction {
  const places = new Exact(percentage).decimalPlaces();
  return { numerator: new Exact(percentage).times(10 ** places).toNumber(), denominator: 100 * 10 ** places };
}

/** The counting value each way reads: a day of the month, days in a year, a weekday, a month. */
const COUNTING_VALUES: Record<CountingWay, [number, number]> = { M: [1, 31], D: [1, 36500], S: [1, 7], A: [1, 12] };

function countingFraction(rules: ProportionRules, year: number, event: 'entry' | 'exit', date: string, first: number, last: number): Fraction {
  const n = rules.counting_way_value;
  const [least, most] = COUNTING_VALUES[rules.counting_way] ?? [1, 0];
  if (!Number.isInteger(n) || n < least || n > most) throw new InvalidInput('counting_way_value', 'O campo Valor da contagem é inválido.');
  const held = (day: number) => first <= day && day <= last;
  switch (rules.counting_way) {
    case 'M': {
      const months = Array.from({ length: 12 }, (_, i) => i + 1);
      const counted = months.filter((month) => held(dayNumber(`${year}-${pad(month)}-${pad(Math.min(n, daysInMonth(year, month)))}`)));
      return { numerator: counted.length, denominator: 12 };
    }
    case 'D':
      return { numerator: Math.min(Math.max(0, last - first + 1), n), denominator: n };
    case 'S': {
      const days = yearDays(year).filter((day) => isoWeekday(day) === n);
      return { numerator: days.filter(held).length, denominator: days.length };
    }
    case 'A': {
      const month = Number(date.slice(5, 7));
      return { numerator: (event === 'entry' ? month <= n : month > n) ? 1 : 0, denominator: 1 };
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const yearDays = (year: number) => {
  const first = dayNumber(`${year}-01-01`);
  return Array.from({ length: dayNumber(`${year}-12-31`) - first + 1 }, (_, i) => first + i);
};
/** 1 Monday … 7 Sunday (day 0, 01/01/1970, was a Thursday). */
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
