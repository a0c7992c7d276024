/** A total line's cells as a person reads them: the label and count in the first column that is not summed, each sum in its own. */
import type { PlannedColumn } from './plan.js';
import type { TotalLine } from './lines.js';
import { countText } from './header.js';
import { valueText } from './values.js';

export function totalTexts(columns: PlannedColumn[], total: TotalLine): string[] {
  const labelAt = Math.max(0, columns.findIndex((c) => !c.summed));
  return columns.map((column, i) => {
    const sum = total.sums[i];
    if (sum !== null && column.field) return valueText(column.field, sum);
    return i === labelAt ? `${total.label}: ${countText(total.count)}` : '';
  });
}
