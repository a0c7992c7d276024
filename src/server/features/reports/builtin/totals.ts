/** Counts and exact sums (decimal.js) of a report's summed columns, for a group or the whole report. Pure. */
import Decimal from 'decimal.js';

/**
 * decimal.js keeps 20 significant digits by default: a sum of `numeric(32,13)` values needs more.
 * 200 holds the widest decimal (80 + 20 digits) summed over far more rows than a report reads.
 */
const Exact = Decimal.clone({ precision: 200 });

export class Totals {
  count = 0;
  private readonly sums: (InstanceType<typeof Exact> | null)[];

  /** `summed[i]`: whether column i is summed. */
  constructor(private readonly summed: readonly boolean[]) {
    this.sums = summed.map((s) => (s ? new Exact(0) : null));
  }

  /** Adds one row: `numbers[i]` is column i's exact value as text, or null. */
  add(numbers: readonly (string | null)[]) {
    this.count += 1;
    numbers.forEach((n, i) => {
      if (n !== null && this.sums[i]) this.sums[i] = this.sums[i]!.plus(n);
    });
  }

  /** Each summed column's total as exact text (`'1234.56'`), null for the others. */
  values(): (string | null)[] {
    return this.sums.map((s) => (s ? s.toFixed() : null));
  }
}
