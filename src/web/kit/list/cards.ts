import type { FieldSpec } from '../types';

/**
 * What a record's card shows on a phone, as react-admin's `SimpleList` does: the record's label
 * (`x-record-label`, or the first column that is not the id) as the primary text, then the next two
 * list columns as secondary and tertiary text. A label that is the id stands for the first other
 * column (a number the record may lack): the card says '#id' when that column is empty (CardList).
 * @example cardColumns(columns, 'denomination') // → [Denominação, Inativo]
 */
export function cardColumns<Column extends FieldSpec>(columns: readonly Column[], recordLabel?: string): Column[] {
  const candidates = columns.filter((c) => c.kind !== 'id');
  const primary = candidates.find((c) => c.source === recordLabel) ?? candidates[0] ?? columns[0];
  if (!primary) return [];
  return [primary, ...candidates.filter((c) => c !== primary).slice(0, 2)];
}
