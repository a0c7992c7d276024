import Decimal from 'decimal.js';
import { roundValue, type RoundingMethod } from '../../shared/finance/rounding.js';

/**
 * The calculation of an amount due on one day and paid on a later one (docs/FINANCE.md,
 * 'Calculation'), from the configurations of the four settings that govern it. Pure: the settings'
 * configurations come in (stored or still on a form), the answer is text of exact decimals.
 *
 * A day of delay is governed by the configuration in force on that day, so a change of rate in the
 * middle of a delay applies from its `since` on. Each part is computed as one fraction and divided
 * once, at 200 significant digits, so rounding it to the setting's places is exact (a quotient that
 * does not end cannot lie on a tie, and the digits lost are far below the 13th place).
 */

export interface ValueUpdateConfig {
  since: string;
  /** The configuration's indicator series: its index numbers by date, in any order. */
  history: readonly { date: string; index_number: string }[];
  series?: string;
}
export interface InterestConfig {
  since: string;
  percentage_rate: string;
  /** 1 per day, 2 per month (a month's rate applies pro rata die: a thirtieth of it per day). */
  capitalization_period: number;
}
export interface ForfeitConfig {
  since: string;
  variable_percentage_rate: boolean;
  single_percentage_rate?: string | null;
  variable_percentage_rate_list?: readonly { from_day: number; percentage_rate: string }[];
}
export interface RoundingConfig {
  since: string;
  decimal_places_number: number;
  rounding_method: number;
}

export interface CalculationInput {
  amount: string;
  due_date: string;
  payment_date: string;
  value_update?: readonly ValueUpdateConfig[];
  interest?: readonly InterestConfig[];
  forfeit?: readonly ForfeitConfig[];
  rounding?: readonly RoundingConfig[];
}

export interface Calculation {
  days_late: number;
  /** The places and method every money part was rounded with (two places half up without a setting). */
  places: number;
  rounding_method: RoundingMethod;
  updated_value: string;
  correction: string;
  interest: string;
  forfeit: string;
  total: string;
  /** What rounding the parts added to the exact total (rounded half up at 13 places). */
  rounding: string;
}

/** A part of the calculation that cannot be made from the settings given (422 on the setting). */
export class CalculationError extends Error {
  constructor(
    readonly part: 'value_update' | 'interest' | 'forfeit' | 'rounding',
    message: string,
  ) {
    super(message);
  }
}

const Exact = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -250, toExpPos: 250 });
type Exact = InstanceType<typeof Exact>;

const DAY = 86_400_000;
/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const brDate = (day: number) => dateOf(day).split('-').reverse().join('/');

/**
 * The days `first`..`last` cut into the stretches each configuration governs: `[config, from, to]`,
 * days before the first configuration left out.
 */
export function stretches<C extends { since: string }>(configs: readonly C[], first: number, last: number): [C, number, number][] {
  const sorted = [...configs].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
  const out: [C, number, number][] = [];
  sorted.forEach((config, i) => {
    const from = Math.max(first, dayNumber(config.since));
    const to = Math.min(last, i + 1 < sorted.length ? dayNumber(sorted[i + 1]!.since) - 1 : last);
    if (from <= to) out.push([config, from, to]);
  });
  return out;
}

/** The configuration in force on `day`: the one of the latest `since` up to it. */
export function inForceOn<C extends { since: string }>(configs: readonly C[], day: number): C | undefined {
  let found: C | undefined;
  for (const config of configs) if (dayNumber(config.since) <= day && (!found || config.since > found.since)) found = config;
  return found;
}

function indexOn(config: ValueUpdateConfig, day: number): Exact {
  let found: { date: string; index_number: string } | undefined;
  for (const row of config.history) if (dayNumber(row.date) <= day && (!found || row.date > found.date)) found = row;
  if (!found || new Exact(found.index_number).isZero()) {
    throw new CalculationError('value_update', `A série de indicador${config.series ? ` ${config.series}` : ''} não tem número-índice até ${brDate(day)}.`);
  }
  return new Exact(found.index_number);
}

/**
 * The amount due on `due_date` as paid on `payment_date`: updated by the indicator series, with
 * simple interest and the forfeit on the updated value, each part rounded by the rounding setting in
 * force on the payment date.
 * @example calculate({ amount: '1000', due_date: '2026-01-10', payment_date: '2026-02-09', interest: [{ since: '2000-01-01', percentage_rate: '1', capitalization_period: 2 }] }).interest // '10.00'
 */
export function calculate(input: CalculationInput): Calculation {
  const amount = new Exact(input.amount);
  const due = dayNumber(input.due_date);
  const paid = dayNumber(input.payment_date);
  const daysLate = Math.max(0, paid - due);

  // The index ratio of each stretch, from the day before it (the due date's index) to its last day.
  let num = new Exact(1);
  let den = new Exact(1);
  if (daysLate > 0) {
    for (const [config, from, to] of stretches(input.value_update ?? [], due + 1, paid)) {
      den = den.times(indexOn(config, from - 1));
      num = num.times(indexOn(config, to));
    }
  }
  const updated = amount.times(num).div(den);

  // Σ rate per day (a month's rate counts a thirtieth per day), then one division by 100 × 30.
  let dailyRates = new Exact(0);
  for (const [config, from, to] of stretches(input.interest ?? [], due + 1, paid)) {
    const perDay = config.capitalization_period === 1 ? new Exact(config.percentage_rate).times(30) : new Exact(config.percentage_rate);
    dailyRates = dailyRates.plus(perDay.times(to - from + 1));
  }
  const interest = amount.times(num).times(dailyRates).div(den.times(3000));

  let forfeitRate = new Exact(0);
  const forfeitConfig = daysLate > 0 ? inForceOn(input.forfeit ?? [], due + 1) : undefined;
  if (forfeitConfig) forfeitRate = new Exact(forfeitRateFor(forfeitConfig, daysLate));
  const forfeit = amount.times(num).times(forfeitRate).div(den.times(100));

  const rounding = inForceOn(input.rounding ?? [], paid);
  const places = rounding?.decimal_places_number ?? 2;
  const method = (rounding?.rounding_method ?? 1) as RoundingMethod;
  const round = (value: Exact) => roundValue(value.toFixed(), places, method);
  const parts = { updated_value: round(updated), interest: round(interest), forfeit: round(forfeit) };
  const total = new Exact(parts.updated_value).plus(parts.interest).plus(parts.forfeit);
  const exactTotal = updated.plus(interest).plus(forfeit);
  return {
    days_late: daysLate,
    places,
    rounding_method: method,
    ...parts,
    correction: new Exact(parts.updated_value).minus(amount).toFixed(Math.max(places, decimalsOf(input.amount))),
    total: total.toFixed(places),
    rounding: roundValue(total.minus(exactTotal).toFixed(), 13, 1),
  };
}

/** The forfeit's rate (%) for a delay of `daysLate` days: the single rate, or the list's row of the latest `from_day` reached. */
export function forfeitRateFor(config: ForfeitConfig, daysLate: number): string {
  if (!config.variable_percentage_rate) return config.single_percentage_rate ?? '0';
  let found: { from_day: number; percentage_rate: string } | undefined;
  for (const row of config.variable_percentage_rate_list ?? []) if (row.from_day <= daysLate && (!found || row.from_day > found.from_day)) found = row;
  return found?.percentage_rate ?? '0';
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
