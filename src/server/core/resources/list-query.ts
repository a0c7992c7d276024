import type { Entity, Field } from '../../../../language/index.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { badRequest } from '../http/app-error.js';
import { decodeCursor, type ListCursor } from './list-cursor.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 500;
/**
 * Deepest row a page may reach (page × per_page). OFFSET reads and throws away every row before the
 * page, so deep pages of big tables are refused; a person narrows the search instead.
 */
export const MAX_OFFSET_DEPTH = 100_000;
/** Longest `q`: each word becomes a condition, and nobody types more to find a record. */
export const MAX_SEARCH_LENGTH = 200;
/** Most values a filter's list (`{"uf_id": [..]}`) takes. */
export const MAX_FILTER_VALUES = 1000;

export type FilterValue = string | number | boolean | null;

export interface FilterCondition {
  field: Field;
  op: '=' | 'in' | '>=' | '<=';
  value: FilterValue | FilterValue[];
}

export interface ListQuery {
  page: number;
  perPage: number;
  sort: Field;
  order: 'asc' | 'desc';
  q: string;
  filters: FilterCondition[];
  /** Keyset paging: the page starts after this row and `page` is not used. */
  cursor: ListCursor | null;
}

/** Fields a list may be sorted by: its columns, its default sort and the id. */
export function sortableFields(entity: Entity): Field[] {
  const names = new Set([...entity.list.columns, entity.list.sort.field, 'id']);
  // A list of values (choices) has no order of its own.
  return entity.fields.filter((f) => names.has(f.name) && f.column !== null && !f.writeOnly && f.kind !== 'choices');
}

const filterableFields = (entity: Entity) => entity.fields.filter((f) => f.column !== null && !f.writeOnly);

function positiveInteger(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw badRequest(`O parâmetro ${name} deve ser um número inteiro maior que zero.`);
  return value;
}

/** A filter value of the field's kind, or a 400: a bad value must not reach the database. */
function filterValue(field: Field, raw: unknown, key: string): FilterValue {
  const fail = () => badRequest(`Valor inválido no filtro ${key}.`);
  if (raw === null) return null;
  switch (field.kind) {
    case 'choices': {
      // One of the list's values (an integer list takes its digits as text too): the records holding it.
      const value = field.enumOptions.map((o) => o.value).find((v) => v === raw || (typeof v === 'number' && typeof raw === 'string' && String(v) === raw));
      if (value === undefined) throw fail();
      return value;
    }
    case 'id':
    case 'integer':
    case 'reference':
      if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw;
      if (typeof raw === 'string' && /^-?\d{1,15}$/.test(raw)) return Number(raw);
      throw fail();
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw fail();
    case 'decimal':
    case 'money':
      // Compared as exact text: a JSON number only when whole (a fraction may have lost places).
      if (typeof raw === 'number' && Number.isSafeInteger(raw)) return String(raw);
      if (typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw)) return raw;
      throw fail();
    case 'date':
    case 'datetime':
      if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}([ T][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) && isCalendarDate(raw.slice(0, 10))) return raw;
      throw fail();
    default:
      if ((typeof raw === 'string' && !raw.includes('\u0000')) || typeof raw === 'number') return String(raw);
      throw fail();
  }
}

/** A search text within MAX_SEARCH_LENGTH and free of NUL, which no stored text can hold. */
export function searchText(text: string, name: string): string {
  if (text.length > MAX_SEARCH_LENGTH) throw badRequest(`O ${name} deve ter no máximo ${MAX_SEARCH_LENGTH} caracteres.`);
  if (text.includes('\u0000')) throw badRequest(`O ${name} contém caracteres inválidos.`);
  return text;
}

function parseFilter(entity: Entity, raw: unknown): { filters: FilterCondition[]; q?: string } {
  if (raw === undefined || raw === '') return { filters: [] };
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw badRequest('O parâmetro filter deve ser um objeto JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('O parâmetro filter deve ser um objeto JSON.');
  const fields = filterableFields(entity);
  const filters: FilterCondition[] = [];
  let q: string | undefined;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === 'q') {
      if (typeof value !== 'string') throw badRequest('Valor inválido no filtro q.');
      q = searchText(value, 'filtro q');
      continue;
    }
    const range = /^(.*)_(gte|lte)$/.exec(key);
    const exact = fields.find((f) => f.name === key);
    const field = exact ?? (range ? fields.find((f) => f.name === range[1]) : undefined);
    if (!field) throw badRequest(`Filtro desconhecido: ${key}.`);
    if (!exact && range) {
      if (field.kind === 'choices') throw badRequest(`Filtro desconhecido: ${key}.`);
      filters.push({ field, op: range[2] === 'gte' ? '>=' : '<=', value: filterValue(field, value, key) });
    } else if (Array.isArray(value)) {
      if (value.length > MAX_FILTER_VALUES) throw badRequest(`O filtro ${key} aceita no máximo ${MAX_FILTER_VALUES} valores.`);
      filters.push({ field, op: 'in', value: value.map((v) => filterValue(field, v, key)) });
    } else {
      filters.push({ field, op: '=', value: filterValue(field, value, key) });
    }
  }
  return { filters, q };
}

/** Reads and checks the list parameters of the query string; anything malformed is a 400. */
export function parseListQuery(entity: Entity, query: Record<string, unknown>): ListQuery {
  const page = positiveInteger(query.page, 'page', 1);
  const perPage = positiveInteger(query.per_page, 'per_page', DEFAULT_PER_PAGE);
  if (perPage > MAX_PER_PAGE) throw badRequest(`O parâmetro per_page deve ser no máximo ${MAX_PER_PAGE}.`);
  const cursor = decodeCursor(query.cursor);
  if (!cursor && page * perPage > MAX_OFFSET_DEPTH) {
    throw badRequest(`Não é possível ir além do registro ${MAX_OFFSET_DEPTH.toLocaleString('pt-BR')}: refine a busca ou mude a ordenação.`);
  }
  if (query.sort !== undefined && typeof query.sort !== 'string') throw badRequest('O parâmetro sort deve ser um texto.');
  const sortName = query.sort === undefined || query.sort === '' ? entity.list.sort.field : query.sort;
  const sort = sortableFields(entity).find((f) => f.name === sortName);
  if (!sort) throw badRequest(`Não é possível ordenar por ${String(sortName)}.`);
  const rawOrder = query.order === undefined || query.order === '' ? (query.sort ? 'asc' : entity.list.sort.order) : query.order;
  const order = typeof rawOrder === 'string' ? rawOrder.toLowerCase() : '';
  if (order !== 'asc' && order !== 'desc') throw badRequest('O parâmetro order deve ser asc ou desc.');
  if (query.q !== undefined && typeof query.q !== 'string') throw badRequest('O parâmetro q deve ser um texto.');
  const { filters, q } = parseFilter(entity, query.filter);
  const text = query.q === undefined ? q : searchText(query.q as string, 'parâmetro q');
  return { page: cursor ? 1 : page, perPage, sort, order, q: (text ?? '').trim(), filters, cursor };
}
