import { dayNumber } from '../../../shared/dates.js';
import { Exact } from '../../../shared/finance/exact.js';
import { roundValue, type RoundingMethod } from '../../../shared/finance/rounding.js';
import {
  forfeitRateFor, indexRatio, inForceOn, interestRateDays,
  type ForfeitConfig, type InterestConfig, type RoundingConfig, type ValueUpdateConfig,
} from '../../../shared/finance/settings.js';

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

export { dayNumber } from '../../../shared/dates.js';
export {
  CalculationError, forfeitRateFor, inForceOn, stretches,
  type ForfeitConfig, type InterestConfig, type RoundingConfig, type ValueUpdateConfig,
} from '../../../shared/finance/settings.js';

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
  const { num, den } = daysLate > 0 ? indexRatio(input.value_update ?? [], due + 1, paid) : { num: new Exact(1), den: new Exact(1) };
  const updated = amount.times(num).div(den);

  // Σ rate per day (a month's rate counts a thirtieth per day), then one division by 100 × 30.
  const dailyRates = interestRateDays(input.interest ?? [], due + 1, paid);
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

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
