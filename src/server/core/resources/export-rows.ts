import type { FastifyRequest } from 'fastify';
import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity, Field } from '../../../../language/index.js';
import { withChoicesInOrder } from './choices.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { pageQuery } from './list.js';
import type { ListQuery } from './list-query.js';
import { runListHooks, type ReadHooks } from './read-hooks.js';
import type { OpenList } from './registry.js';
import { EXACT, FUZZY_MIN_LENGTH, fuzzySearch, type Search } from './search.js';

type Row = Record<string, unknown>;

/** Rows an export reads (and formats, and writes) at a time: what it holds in memory, whatever the list's length. */
export const EXPORT_BATCH = 1000;

/**
 * The columns an export reads when no read hook sees its rows: those it writes, the sort column and
 * `id` (the keyset's), rather than every column of the table; a hook may read any, so with one, all.
 */
export function exportedColumns(fields: readonly Field[], query: ListQuery): string[] | undefined {
  if (fields.some((field) => field.column === null)) return undefined;
  return [...new Set(['id', query.sort.column!, ...fields.map((field) => field.column!)])];
}

/** The list parameters an export takes: those of the list but its page (it reads every row). */
export const exportListParameters = (query: Record<string, unknown>) => ({ q: query.q, filter: query.filter, sort: query.sort, order: query.order });

/**
 * Every row of a list, in the list's order, a batch at a time: keyset on the sort column and id
 * (list-cursor.ts), so the last batch of a million rows costs what the first does. As the list does,
 * a search that finds nothing exactly is read again typo-tolerant.
 * @example for await (const rows of listBatches(db, entity, parseListQuery(entity, { filter: '{"uf_id":35}' }))) …
 */
export async function* listBatches(db: DynamicDatabase, entity: Entity, query: ListQuery, options: { size?: number; columns?: string[] } = {}): AsyncGenerator<Row[]> {
  const { size = EXPORT_BATCH, columns } = options;
  let search: Search = EXACT;
  let batch: ListQuery = { ...query, page: 1, perPage: size, cursor: null };
  for (let first = true; ; first = false) {
    let rows: Row[] = await pageQuery(db, entity, batch, search, columns).execute();
    if (first && rows.length === 0 && query.q.length >= FUZZY_MIN_LENGTH) {
      search = await fuzzySearch(db, entity, query.q);
      rows = await pageQuery(db, entity, batch, search, columns).execute();
    }
    if (rows.length === 0) return;
    withChoicesInOrder(entity.fields, rows);
    yield rows;
    if (rows.length < size) return;
    batch = { ...batch, cursor: decodeCursor(encodeCursor(rows[rows.length - 1], query.sort)) };
  }
}

/** The pages of a list that answers for itself (registry.ts `openList`), followed by their `next_cursor`. */
export async function* openListBatches(openList: OpenList, request: FastifyRequest, entity: Entity, parameters: Row): AsyncGenerator<Row[]> {
  let cursor: string | undefined;
  do {
    const page = await openList(request, entity, { ...parameters, per_page: '500', ...(cursor ? { cursor } : {}) });
    if (page.data.length) yield page.data;
    cursor = page.meta.next_cursor;
  } while (cursor);
}

/** Each batch as the list's page would answer it: with what the module's read hooks add. */
export async function* withReadHooks(batches: AsyncIterable<Row[]>, hooks: readonly ReadHooks[], ctx: Parameters<typeof runListHooks>[2]): AsyncGenerator<Row[]> {
  for await (const rows of batches) {
    if (hooks.length) await runListHooks(hooks, rows, ctx);
    yield rows;
  }
}
