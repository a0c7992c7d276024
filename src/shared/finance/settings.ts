import { brDate, dateOfDay, dayNumber } from '../dates.js';
import { Exact } from './exact.js';

/**
 * The configurations of the four calculation settings (docs/FINANCE.md, 'Versioned settings') and
 * how a day of delay reads them: the pure ground that the finance feature's calculation preview and
 * the receivables engine share (docs/FINANCE.md 'Calculation', docs/RECEIVABLES.md §6).
 * Days are day numbers (`dayNumber`), so stretches of days are counted, not listed.
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

/** A part of the calculation that cannot be made from the settings given (422 on the setting). */
export class CalculationError extends Error {
  constructor(
    readonly part: 'value_update' | 'interest' | 'forfeit' | 'rounding',
    message: string,
  ) {
    super(message);
  }
}

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

/** The index number of a day: the series' latest on or before it (none, or zero: 422 on the value update). */
export function indexOn(config: ValueUpdateConfig, day: number): Exact {
  // Dates `YYYY-MM-DD` compare as text: the day's date is written once, not each row's day counted.
  const last = dateOfDay(day);
  let found: { date: string; index_number: string } | undefined;
  for (const row of config.history) if (row.date <= last && (!found || row.date > found.date)) found = row;
  if (!found || new Exact(found.index_number).isZero()) {
    throw new CalculationError('value_update', `A série de indicador${config.series ? ` ${config.series}` : ''} não tem número-índice até ${brDate(dateOfDay(day))}.`);
  }
  return new Exact(found.index_number);
}

/**
 * The correction's ratio over the days `first`..`last` as a fraction kept undivided: for each
 * stretch under one configuration, its last day's index over the index of the day before it.
 */
export function indexRatio(configs: readonly ValueUpdateConfig[], first: number, last: number): { num: Exact; den: Exact } {
  let num = new Exact(1);
  let den = new Exact(1);
  for (const [config, from, to] of stretches(configs, first, last)) {
    den = den.times(indexOn(config, from - 1));
    num = num.times(indexOn(config, to));
  }
  return { num, den };
}

/**
 * The interest of the days `first`..`last` as the sum of each day's rate a month (%): a rate a day
 * counts 30 times itself. Divided by 3000 (a percent, pro rata die of a 30-day month) it is the
 * fraction of the amount; the caller divides once, on the whole product.
 */
export function interestRateDays(configs: readonly InterestConfig[], first: number, last: number): Exact {
  let sum = new Exact(0);
  for (const [config, from, to] of stretches(configs, first, last)) {
    const perDay = config.capitalization_period === 1 ? new Exact(config.percentage_rate).times(30) : new Exact(config.percentage_rate);
    sum = sum.plus(perDay.times(to - from + 1));
  }
  return sum;
}

/** The forfeit's rate (%) for a delay of `daysLate` days: the single rate, or the list's row of the latest `from_day` reached. */
export function forfeitRateFor(config: ForfeitConfig, daysLate: number): string {
  if (!config.variable_percentage_rate) return config.single_percentage_rate ?? '0';
  let found: { from_day: number; percentage_rate: string } | undefined;
  for (const row of config.variable_percentage_rate_list ?? []) if (row.from_day <= daysLate && (!found || row.from_day > found.from_day)) found = row;
  return found?.percentage_rate ?? '0';
}
