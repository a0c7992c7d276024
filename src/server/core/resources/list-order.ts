import { sql, type RawBuilder } from 'kysely';
import type { Field } from '../../../../language/index.js';

/** The declared values of a text enum, in the schema's order; null for any other field. */
function declaredOrder(field: Field): string[] | null {
  if (field.kind !== 'enum' || !field.enumOptions?.length) return null;
  const values = field.enumOptions.map((o) => o.value);
  return values.every((v) => typeof v === 'string') ? (values as string[]) : null;
}

/**
 * What a list orders by for a sort field: the column, or, for a text enum, the value's position in
 * the schema (a status reads deleted, not yet checked, down, warning, up, as the schema lists them,
 * not in alphabetical order of its codes). Stored values outside the list sort as NULL does.
 */
export function sortExpression(field: Field): RawBuilder<unknown> {
  const column = sql.ref(field.column!);
  const order = declaredOrder(field);
  if (!order) return sql`${column}`;
  return sql`array_position(array[${sql.join(order)}]::text[], ${column}::text)`;
}

/** A row's value of the sort expression, as `sortExpression` computes it in the database. */
export function sortValue(field: Field, row: Record<string, unknown>): unknown {
  const raw = row[field.column!];
  const order = declaredOrder(field);
  if (!order) return raw;
  const position = typeof raw === 'string' ? order.indexOf(raw) : -1;
  return position < 0 ? null : position + 1;
}

/** Whether the sort expression may be NULL for some row. */
export const sortMayBeNull = (field: Field) => declaredOrder(field) !== null || field.nullable || !field.required;
