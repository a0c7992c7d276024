import { badRequest } from '../http/app-error.js';
import { MAX_PER_PAGE } from '../resources/list-query.js';

/** A simple-rest list query: `sort=["name","ASC"]`, `range=[0,24]`, `filter={"q":"x","uf_id":35}` (each a JSON value). */
export interface RestListQuery {
  /** The same list in the contract's own query parameters. */
  query: Record<string, unknown>;
  /** First row of the page, for `Content-Range`. */
  start: number;
}

function json(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`O parâmetro ${name} deve ser um valor JSON.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`O parâmetro ${name} deve ser um valor JSON.`);
  }
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Reads simple-rest's query into the contract's (`sort`, `order`, `page`, `per_page`, `filter`), so
 * one list operation answers both. A range must cover whole pages of its own size, as the stock
 * provider always asks; without one the first MAX_PER_PAGE rows come (a `getMany` of ids).
 * @example restListQuery({ sort: '["name","DESC"]', range: '[25,49]' }) // page 2 of 25, by name descending
 */
export function restListQuery(raw: Record<string, unknown>): RestListQuery {
  const query: Record<string, unknown> = {};
  const sort = json(raw.sort, 'sort');
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || (sort[1] !== undefined && !/^(asc|desc)$/i.test(String(sort[1])))) {
      throw badRequest('O parâmetro sort deve ser ["campo", "ASC" ou "DESC"].');
    }
    query.sort = sort[0];
    query.order = String(sort[1] ?? 'ASC').toLowerCase();
  }
  const range = json(raw.range, 'range');
  let start = 0;
  let perPage = MAX_PER_PAGE;
  if (range !== undefined) {
    if (!Array.isArray(range) || !isIndex(range[0]) || !isIndex(range[1]) || range[1] < range[0]) {
      throw badRequest('O parâmetro range deve ser [início, fim], dois números inteiros a partir de 0.');
    }
    [start] = range;
    perPage = range[1] - range[0] + 1;
    if (perPage > MAX_PER_PAGE) throw badRequest(`O parâmetro range abrange no máximo ${MAX_PER_PAGE} registros.`);
    if (start % perPage !== 0) throw badRequest('O parâmetro range deve começar no início de uma página do seu tamanho.');
  }
  query.page = String(start / perPage + 1);
  query.per_page = String(perPage);
  if (raw.filter !== undefined) query.filter = raw.filter;
  return { query, start };
}

/** `Content-Range: {module} {first}-{last}/{total}` (`*` for an empty page). */
export function contentRange(module: string, start: number, rows: number, total: number): string {
  return rows === 0 ? `${module} */${total}` : `${module} ${start}-${start + rows - 1}/${total}`;
}
