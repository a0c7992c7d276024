import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Field } from '../../../../language/index.js';
import { badRequest } from '../http/app-error.js';
import { sortExpression, sortMayBeNull, sortValue } from './list-order.js';
import type { AnyTables } from '../db/dynamic.js';

/** Where the previous page ended: its last row's sort value (`sortValue`) and id. */
export interface ListCursor {
  value: string | number | boolean | null;
  id: number;
}

const INVALID = 'O parâmetro cursor é inválido.';

/** The opaque `meta.next_cursor` of a page: base64url of `[sort value, id]`. */
export function encodeCursor(row: Record<string, unknown>, sort: Field): string {
  const raw = sortValue(sort, row);
  const value = raw instanceof Date ? raw.toISOString() : (raw ?? null);
  return Buffer.from(JSON.stringify([value, Number(row.id)])).toString('base64url');
}

/** Reads a `cursor` parameter back, or a 400 when it is not one the API gave. */
export function decodeCursor(raw: unknown): ListCursor | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 1000 || !/^[\w-]+$/.test(raw)) throw badRequest(INVALID);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badRequest(INVALID);
  const [value, id] = parsed;
  if (!Number.isSafeInteger(id)) throw badRequest(INVALID);
  if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) throw badRequest(INVALID);
  if (typeof value === 'string' && value.includes('\u0000')) throw badRequest(INVALID);
  return { value, id };
}

/**
 * Rows after the cursor in the list's order (sort column, then id, both in `order`), written as a
 * row comparison so the sort column's index seeks straight to the cursor: a page a million rows in
 * costs what the first does. NULLs sort last ascending and first descending, as PostgreSQL orders them.
 */
export function afterCursor(sort: Field, order: 'asc' | 'desc', cursor: ListCursor) {
  return (eb: ExpressionBuilder<AnyTables, string>): Expression<SqlBool> => {
    const column = sortExpression(sort);
    const after = order === 'asc' ? sql.raw('>') : sql.raw('<');
    if (sort.column === 'id') return sql<SqlBool>`id ${after} ${cursor.id}`;
    if (cursor.value === null) {
      const nullsAfter = sql<SqlBool>`${column} is null and id ${after} ${cursor.id}`;
      return order === 'asc' ? nullsAfter : eb.or([nullsAfter, sql<SqlBool>`${column} is not null`]);
    }
    const beyond = sql<SqlBool>`(${column}, id) ${after} (${cursor.value}, ${cursor.id})`;
    return order === 'asc' && sortMayBeNull(sort) ? eb.or([beyond, sql<SqlBool>`${column} is null`]) : beyond;
  };
}
