import Decimal from 'decimal.js';

/**
 * The exact decimal of the finance arithmetic: 200 significant digits, enough for the largest exact
 * decimal the product stores (80 digits) and for a fraction divided once to round exactly at 13
 * places or fewer (a quotient that does not end cannot fall on a tie, and the digits lost lie far
 * below the 13th place).
 */
export const Exact = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -250, toExpPos: 250 });
export type Exact = InstanceType<typeof Exact>;
