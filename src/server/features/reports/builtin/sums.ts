/** A total line's cells as a person reads them: the label and count in the first column that is not summed, each sum in its own. */
import { formatDecimal } from '../../../../shared/decimals.js';
import type { PlannedColumn } from './plan.js';
import type { TotalLine } from './lines.js';
import { countText } from './header.js';
import { moneyText } from './values.js';

/** A summed column's total: money as `R$ 1.234,56`, a decimal with every place. */
export const sumText = (column: PlannedColumn, sum: string): string => (column.kind === 'money' ? moneyText(sum) : formatDecimal(sum));

export function totalTexts(columns: PlannedColumn[], total: TotalLine): string[] {
  const labelAt = Math.max(0, columns.findIndex((c) => !c.summed));
  return columns.map((column, i) => {
    const sum = total.sums[i];
    if (sum !== null && column.summed) return sumText(column, sum);
    return i === labelAt ? `${total.label}: ${countText(total.count)}` : '';
  });
}
