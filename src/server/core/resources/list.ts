import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AnyTables, DynamicDatabase } from '../db/dynamic.js';
import type { Entity } from '../../../../language/index.js';
import { readableColumns } from './fields.js';
import { plannerEstimate, tableEstimate } from './list-estimates.js';
import { afterCursor, encodeCursor } from './list-cursor.js';
import { sortExpression, sortValue } from './list-order.js';
import { parseListQuery, type FilterCondition, type ListQuery } from './list-query.js';
import { EXACT, FUZZY_MIN_LENGTH, fuzzySearch, searchCondition, type Search } from './search.js';
import { choicesCondition, withChoicesInOrder } from './choices.js';

export interface ListResult {
  data: Record<string, unknown>[];
  meta: {
    total: number;
    page: number;
    per_page: number;
    estimated?: boolean;
    /** Present when the page is full: pass it as `cursor` for the rows after this page. */
    next_cursor?: string;
  };
}

function filterCondition(condition: FilterCondition) {
  return (eb: ExpressionBuilder<AnyTables, string>): Expression<SqlBool> => {
    const column = condition.field.column!;
    if (condition.field.kind === 'choices') return choicesCondition(column, condition.value);
    if (condition.op === 'in') {
      const values = condition.value as unknown[];
      const present = values.filter((v) => v !== null);
      const parts: Expression<SqlBool>[] = [];
      if (present.length) parts.push(eb(column, 'in', present));
      if (present.length < values.length) parts.push(eb(column, 'is', null));
      return parts.length ? eb.or(parts) : sql<SqlBool>`false`;
    }
    if (condition.value === null) return eb(column, 'is', null);
    return eb(column, condition.op, condition.value);
  };
}

function whereQuery(entity: Entity, query: ListQuery, search: Search) {
  return (eb: ExpressionBuilder<AnyTables, string>) => {
    const parts = query.filters.map((f) => filterCondition(f)(eb));
    if (query.q) parts.push(searchCondition(entity, query.q, search)(eb));
    return eb.and(parts);
  };
}

/** The rows a list's filters and search select (one column: for counting and estimating). */
const matchingRows = (db: DynamicDatabase, entity: Entity, query: ListQuery, search: Search) =>
  db.selectFrom(entity.table).select(sql`1`.as('one')).where(whereQuery(entity, query, search));

/**
 * Rows counted exactly: a list the table's statistics or the planner expect to hold fewer is counted
 * (the count stops one row past it, so a poor estimate costs at most that); past it the list reports
 * the estimate (`estimated: true`). Counting this many rows through an index takes a few
 * milliseconds, side by side with the page.
 */
export const EXACT_COUNT_LIMIT = 50_000;

/** Most matches a search reads, counts, sorts and pages in one statement (`fewMatches`). */
export const FEW_MATCHES = 1_000;

/**
 * Counts a list exactly when its estimate is below EXACT_COUNT_LIMIT: the table's row estimate when
 * unfiltered, otherwise the planner's estimate of the filtered query (EXPLAIN; `searchEstimate` when
 * the caller already has it). Past the limit (`estimated: true`) the estimate is the total, never
 * less than the rows counted (`counted`: the caller counted past the limit already).
 * @example countRows(db, cities, parseListQuery(cities, { filter: '{"uf_id": 25}' }), EXACT) // { total: 853, estimated: false }
 */
async function countRows(db: DynamicDatabase, entity: Entity, query: ListQuery, search: Search, searchEstimate?: number, counted = false): Promise<{ total: number; estimated: boolean }> {
  const filtered = query.filters.length > 0 || query.q !== '';
  const matching = matchingRows(db, entity, query, search);
  const estimate = (fresh: boolean) => (filtered ? plannerEstimate(db, matching.compile(), fresh) : tableEstimate(db, entity.table, fresh));
  // Already counted past the limit (`countedMatches`): the estimate, asked again, is all there is to say.
  if (counted) return { total: Math.max(EXACT_COUNT_LIMIT + 1, await estimate(true)), estimated: true };
  const expected = searchEstimate ?? (await estimate(false));
  if (expected > EXACT_COUNT_LIMIT) return { total: expected, estimated: true };
  const { count } = await db
    .selectFrom(matching.limit(EXACT_COUNT_LIMIT + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  // The estimate was wrong (remembered from before the table grew, or stale statistics): ask again.
  return { total: Math.max(total, await estimate(true)), estimated: true };
}

/** `select` in the list's order, ties broken by id. */
function ordered<Q extends SelectQueryBuilder<AnyTables, string, object>>(select: Q, query: ListQuery): Q {
  const bySort = select.orderBy(sortExpression(query.sort), query.order);
  return (query.sort.name !== 'id' ? bySort.orderBy('id', query.order) : bySort) as Q;
}

function orderedPage<Q extends SelectQueryBuilder<AnyTables, string, object>>(select: Q, query: ListQuery): Q {
  const sorted = ordered(select, query);
  const from = query.cursor ? sorted.where(afterCursor(query.sort, query.order, query.cursor)) : sorted.offset((query.page - 1) * query.perPage);
  return from.limit(query.perPage) as Q;
}

function pageResult(data: Record<string, unknown>[], count: { total: number; estimated: boolean }, query: ListQuery): ListResult {
  const last = data.length === query.perPage ? data[data.length - 1] : undefined;
  return {
    data,
    meta: {
      total: count.total, page: query.page, per_page: query.perPage,
      ...(count.estimated ? { estimated: true } : {}),
      ...(last ? { next_cursor: encodeCursor(last, query.sort) } : {}),
    },
  };
}

/** The match count each row of a one-statement search carries (removed before answering). */
const MATCHED = '__matched';

/**
 * A search answered in one statement when it matches at most FEW_MATCHES rows (what a search
 * usually does): the matches are read once, capped, then counted, sorted and paged. Null when there
 * are more, or when an empty page past the first leaves the count unknown.
 */
async function fewMatches(db: DynamicDatabase, entity: Entity, query: ListQuery, search: Search): Promise<ListResult | 'many' | null> {
  const columns = readableColumns(entity.fields);
  const matchedColumns = [...new Set([...columns, query.sort.column!, 'id'])];
  const rows = await orderedPage(
    db
      .with((cte) => cte('matched').materialized(), (qb) =>
        qb.selectFrom(entity.table).select(matchedColumns).where(whereQuery(entity, query, search)).limit(FEW_MATCHES + 1))
      .selectFrom('matched')
      .select(columns)
      .select((eb) => eb.selectFrom('matched').select(eb.fn.countAll<number>().as('n')).as(MATCHED)),
    query,
  ).execute();
  if (rows.length === 0) return query.page === 1 && !query.cursor ? pageResult([], { total: 0, estimated: false }, query) : null;
  const matched = Number(rows[0][MATCHED]);
  if (matched > FEW_MATCHES) return 'many';
  const data = rows.map(({ [MATCHED]: _count, ...row }) => row);
  return pageResult(data, { total: matched, estimated: false }, query);
}

/**
 * The page's rows alone, without any count (an export reads its batches through it, naming only the
 * `columns` it writes when nothing else reads the rows).
 */
export const pageQuery = (db: DynamicDatabase, entity: Entity, query: ListQuery, search: Search, columns = readableColumns(entity.fields)) =>
  orderedPage(db.selectFrom(entity.table).select(columns).where(whereQuery(entity, query, search)), query);

/**
 * The statement that reads a list's page and nothing else (no total), as the list of `rawQuery`
 * would read it: what a total is measured against.
 */
export const compilePageOnly = (db: DynamicDatabase, entity: Entity, rawQuery: Record<string, unknown>) =>
  pageQuery(db, entity, parseListQuery(entity, rawQuery), EXACT).compile();

/**
 * A search of more matches than `fewMatches` reads, yet few enough to count exactly: the matches are
 * read once through the search's indexes (their ids and sort values only, capped), then counted and
 * sorted, and the page's rows read by id. Reading the page straight in the sort order instead would
 * let the planner walk the sort column's index and test every row it meets ('maria' throws away
 * every name before Maria). 'more' when the cap is passed; null when an empty page past the first
 * leaves the count unknown.
 */
async function countedMatches(db: DynamicDatabase, entity: Entity, query: ListQuery, search: Search): Promise<ListResult | 'more' | null> {
  const sortColumn = query.sort.column!;
  const rows = await db
    .with((cte) => cte('matched').materialized(), (qb) =>
      qb.selectFrom(entity.table).select([...new Set(['id', sortColumn])]).where(whereQuery(entity, query, search)).limit(EXACT_COUNT_LIMIT + 1))
    .with('page', (qb) => orderedPage(qb.selectFrom('matched').select('id'), query))
    .selectFrom(entity.table)
    .select(readableColumns(entity.fields))
    .select((eb) => eb.selectFrom('matched').select(eb.fn.countAll<number>().as('n')).as(MATCHED))
    .where('id', 'in', (eb: ExpressionBuilder<AnyTables, string>) => eb.selectFrom('page').select('id'))
    .$call((qb) => ordered(qb, query))
    .execute();
  if (rows.length === 0) return query.page === 1 && !query.cursor ? pageResult([], { total: 0, estimated: false }, query) : null;
  const matched = Number(rows[0][MATCHED]);
  if (matched > EXACT_COUNT_LIMIT) return 'more';
  return pageResult(rows.map(({ [MATCHED]: _count, ...row }) => row), { total: matched, estimated: false }, query);
}

/**
 * A search is answered by the cheapest reading its expected matches allow: up to FEW_MATCHES rows
 * read whole in one statement (`fewMatches`), up to EXACT_COUNT_LIMIT read by id and sort value and
 * counted exactly (`countedMatches`); past that, the page is read straight side by side with the
 * planner's estimate, the matches being too many to read for one page.
 */
async function searchPage(db: DynamicDatabase, entity: Entity, query: ListQuery, search: Search): Promise<ListResult> {
  const estimate = query.q ? await plannerEstimate(db, matchingRows(db, entity, query, search).compile()) : undefined;
  let more = false;
  if (estimate !== undefined && estimate <= EXACT_COUNT_LIMIT) {
    const few = estimate <= 10 * FEW_MATCHES ? await fewMatches(db, entity, query, search) : 'many';
    if (few && few !== 'many') return few;
    const counted = few === 'many' ? await countedMatches(db, entity, query, search) : null;
    if (counted && counted !== 'more') return counted;
    more = counted === 'more';
  }
  const [data, count] = await Promise.all([pageQuery(db, entity, query, search).execute(), countRows(db, entity, query, search, estimate, more)]);
  // A page short of full ends the list: its rows give the total exactly, whatever an estimate said.
  const offset = (query.page - 1) * query.perPage;
  if (count.estimated && !query.cursor && data.length < query.perPage && (data.length > 0 || offset === 0)) {
    return pageResult(data, { total: offset + data.length, estimated: false }, query);
  }
  return pageResult(data, count, query);
}

/**
 * One page of an entity's records.
 * @example listRecords(db, entity, { page: '2', per_page: '10', filter: '{"uf_id": 35}' })
 */
export async function listRecords(db: DynamicDatabase, entity: Entity, rawQuery: Record<string, unknown>): Promise<ListResult> {
  const query = parseListQuery(entity, rawQuery);
  const exact = await searchPage(db, entity, query, EXACT);
  const result = exact.meta.total > 0 || query.q.length < FUZZY_MIN_LENGTH ? exact : await searchPage(db, entity, query, await fuzzySearch(db, entity, query.q));
  withChoicesInOrder(entity.fields, result.data);
  return result;
}

/**
 * Every row a list selects, in its order, read a batch at a time through the keyset cursor (never
 * by offset, never counted): what a report reads. `rawQuery` is the list's own (`filter`, `q`,
 * `sort`, `order`); its `page` and `per_page` are not used. The search is the exact one (a report
 * names what it wants; the typo-tolerant fallback is for a person typing).
 * @example for await (const rows of listBatches(db, cities, { filter: '{"uf_id": 25}', sort: 'uf_id' }, 500)) …
 */
export async function* listBatches(db: DynamicDatabase, entity: Entity, rawQuery: Record<string, unknown>, batchSize: number): AsyncGenerator<Record<string, unknown>[]> {
  let query: ListQuery = { ...parseListQuery(entity, { ...rawQuery, page: undefined, per_page: String(batchSize), cursor: undefined }), page: 1 };
  for (;;) {
    const rows = await pageQuery(db, entity, query, EXACT).execute();
    if (rows.length === 0) return;
    withChoicesInOrder(entity.fields, rows);
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    query = { ...query, cursor: { value: cursorValue(last, query.sort), id: Number(last.id) } };
  }
}

/** The sort value a cursor keeps for `row`, as `encodeCursor` writes it. */
const cursorValue = (row: Record<string, unknown>, sort: ListQuery['sort']) => {
  const raw = sortValue(sort, row);
  return raw instanceof Date ? raw.toISOString() : ((raw ?? null) as string | number | boolean | null);
};
