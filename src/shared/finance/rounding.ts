import Decimal from 'decimal.js';
import { Exact } from './exact.js';

/**
 * A value rounding setting's method (spec 002 §3, configuração de arredondamento de valor):
 * 1 half up, 2 always up, 3 always down. Each is defined by the amount's distance from zero, so a
 * negative amount (a refund, a credit) rounds as its positive mirror with the sign kept:
 * - 1 'Arredondar para cima a partir da metade' (half up): the nearer multiple of 10^−places, a tie
 *   away from zero: 2.345 → 2.35, −2.345 → −2.35, 2.344 → 2.34.
 * - 2 'Arredondar sempre para cima' (always up): away from zero whenever a discarded place is not
 *   zero: 2.341 → 2.35, −2.341 → −2.35.
 * - 3 'Arredondar sempre para baixo' (always down): towards zero, the discarded places dropped:
 *   2.349 → 2.34, −2.349 → −2.34.
 */
export const ROUNDING_METHODS = { halfUp: 1, alwaysUp: 2, alwaysDown: 3 } as const;
export type RoundingMethod = (typeof ROUNDING_METHODS)[keyof typeof ROUNDING_METHODS];

const MODES: Record<RoundingMethod, Decimal.Rounding> = {
  1: Decimal.ROUND_HALF_UP,
  2: Decimal.ROUND_UP,
  3: Decimal.ROUND_DOWN,
};

/** The most places a rounding setting may keep (the configuration's `decimal_places_number`). */
export const MAX_ROUNDING_PLACES = 13;

/**
 * `amount` (the API's text, `'-1234.5678'`) rounded to `places` decimal places by `method`, as text
 * with exactly that many places (`'-1234.57'`; `'-0.00'` never appears: a zero has no sign).
 */
export function roundValue(amount: string, places: number, method: RoundingMethod): string {
  if (!Number.isInteger(places) || places < 0 || places > MAX_ROUNDING_PLACES) throw new RangeError(`places must be a whole number from 0 to ${MAX_ROUNDING_PLACES}`);
  const mode = MODES[method];
  if (mode === undefined) throw new RangeError('method must be 1, 2 or 3');
  const rounded = new Exact(amount).toDecimalPlaces(places, mode);
  return (rounded.isZero() ? new Exact(0) : rounded).toFixed(places);
}
