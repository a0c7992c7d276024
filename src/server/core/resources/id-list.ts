import { invalid } from '../http/app-error.js';

/**
 * Most records one request names by id: a multiple delete, a conclusion of several records at once (a
 * whole page of the longest list, twice over). Every route that takes a list of ids caps it here, so
 * none binds more values than a statement takes.
 */
export const MAX_BATCH_IDS = 1000;

export const TOO_MANY_IDS = `No máximo ${MAX_BATCH_IDS.toLocaleString('pt-BR')} registros de uma vez.`;
export const INVALID_IDS = 'A lista de registros deve ter apenas números inteiros maiores que zero.';

/**
 * The distinct ids of a body's list (`[3, '4', 3]` → `[3, 4]`; one id alone counts as a list of one;
 * absent or null as none), or a 422 on `field` for a list past MAX_BATCH_IDS or an item that is no id.
 * @example idList({ ids: [3, '4'] }.ids, 'ids') // [3, 4]
 */
export function idList(value: unknown, field: string): number[] {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  if (list.length > MAX_BATCH_IDS) throw invalid({ [field]: [TOO_MANY_IDS] });
  const ids = list.map((item) => (typeof item === 'string' && /^\s*\d{1,15}\s*$/.test(item) ? Number(item) : item));
  if (!ids.every((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) throw invalid({ [field]: [INVALID_IDS] });
  return [...new Set(ids)];
}
