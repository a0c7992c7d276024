import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Entity } from '../../../generator/language/index.js';
import { readableColumns } from './fields.js';
import { MAX_OFFSET_DEPTH, parseListQuery, type FilterCondition, type ListQuery } from './list-query.js';

export interface ListResult {
  data: Record<string, unknown>[];
  meta: { total: number; page: number; per_page: number; estimated?: boolean };
}

/** Shortest `q` word compared by trigrams; a shorter word matches the start of a value. */
export const FUZZY_MIN_LENGTH = 3;

/**
 * `exact`: every word of `q` appears in one of the searchable fields (case and accents ignored);
 * `fuzzy`: `q` resembles a word sequence of a field (trigram word similarity), tried only when the
 * exact search finds nothing, so a typo ('Sao Paolo') still finds 'São Paulo' without adding noise
 * to searches that already match. Both are served by the trigram index over the same expression.
 */
export type SearchMode = 'exact' | 'fuzzy';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const normalised = (column: string) => sql`immutable_unaccent(lower(${sql.ref(column)}))`;

function searchCondition(entity: Entity, q: string, mode: SearchMode) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const columns = entity.list.search.map(normalised);
    if (columns.length === 0) return sql<SqlBool>`true`;
    if (mode === 'fuzzy') return eb.or(columns.map((column) => sql<SqlBool>`immutable_unaccent(lower(${q})) <% ${column}`));
    const words = q.split(/\s+/).filter(Boolean);
    return eb.and(
      words.map((word) => {
        const pattern = word.length < FUZZY_MIN_LENGTH ? `${escapeLike(word)}%` : `%${escapeLike(word)}%`;
        return eb.or(columns.map((column) => sql<SqlBool>`${column} like immutable_unaccent(lower(${pattern}))`));
      }),
    );
  };
}

function filterCondition(condition: FilterCondition) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const column = condition.field.column!;
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

function whereQuery(entity: Entity, query: ListQuery, mode: SearchMode) {
  return (eb: ExpressionBuilder<any, any>) => {
    const parts = query.filters.map((f) => filterCondition(f)(eb));
    if (query.q) parts.push(searchCondition(entity, query.q, mode)(eb));
    return eb.and(parts);
  };
}

/**
 * Counts up to the offset limit exactly (an unfiltered list of a table estimated at more than twice
 * the limit is not counted at all). Past it, an unfiltered list reports the planner's row
 * estimate (pg_class.reltuples) and a filtered one the limit itself, with `estimated: true`:
 * counting millions of rows for a page number nobody can reach costs more than it tells.
 */
async function countRows(db: Kysely<any>, entity: Entity, query: ListQuery, mode: SearchMode): Promise<{ total: number; estimated: boolean }> {
  // An unfiltered list of a table the planner already knows to be far past the limit skips the
  // capped count (it reads the limit's 100,000 rows on every first page); twice the limit keeps a
  // stale estimate from hiding a table small enough to page through.
  if (!query.filters.length && !query.q) {
    const estimate = await tableEstimate(db, entity.table);
    if (estimate > 2 * MAX_OFFSET_DEPTH) return { total: estimate, estimated: true };
  }
  const capped = db
    .selectFrom(entity.table)
    .select(sql`1`.as('one'))
    .where(whereQuery(entity, query, mode))
    .limit(MAX_OFFSET_DEPTH + 1);
  const { count } = await db.selectFrom(capped.as('capped')).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  if (total <= MAX_OFFSET_DEPTH) return { total, estimated: false };
  if (query.filters.length || query.q) return { total, estimated: true };
  return { total: Math.max(total, await tableEstimate(db, entity.table)), estimated: true };
}

async function tableEstimate(db: Kysely<any>, table: string): Promise<number> {
  const estimate = await sql<{ rows: number }>`select reltuples::bigint as rows from pg_class where oid = ${table}::regclass`.execute(db);
  return Number(estimate.rows[0]?.rows ?? 0);
}

/**
 * One page of an entity's records.
 * @example listRecords(db, entity, { page: '2', per_page: '10', filter: '{"uf_id": 35}' })
 */
export async function listRecords(db: Kysely<any>, entity: Entity, rawQuery: Record<string, unknown>): Promise<ListResult> {
  const query = parseListQuery(entity, rawQuery);
  const page = async (mode: SearchMode) => {
    let select = db
      .selectFrom(entity.table)
      .select(readableColumns(entity.fields))
      .where(whereQuery(entity, query, mode))
      .orderBy(query.sort.column!, query.order);
    if (query.sort.name !== 'id') select = select.orderBy('id', query.order);
    const [data, count] = await Promise.all([
      select.limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
      countRows(db, entity, query, mode),
    ]);
    return { data, meta: { total: count.total, page: query.page, per_page: query.perPage, ...(count.estimated ? { estimated: true } : {}) } };
  };
  const exact = await page('exact');
  if (exact.meta.total > 0 || query.q.length < FUZZY_MIN_LENGTH) return exact;
  return page('fuzzy');
}
