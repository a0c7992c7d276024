import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Entity } from '../../../language/index.js';
import { badRequest } from '../http/app-error.js';
import { searchText } from './list-query.js';

/** Most options a combo returns; a longer list is narrowed by typing (`filter`). */
export const MAX_COMBO_OPTIONS = 1000;

export interface ComboOption {
  id: number;
  name: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const integerParam = (raw: unknown, name: string) => {
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw;
  if (typeof raw === 'string' && /^\d{1,15}$/.test(raw)) return Number(raw);
  throw badRequest(name === 'id' ? 'O parâmetro id deve ser um número inteiro ou uma lista deles separados por vírgula.' : `O parâmetro ${name} deve ser um número inteiro.`);
};

/** `id=7`, `id=1,2,3` or `id=1&id=2`: the ids of the options wanted, at most MAX_COMBO_OPTIONS. */
function idList(raw: unknown): number[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
  const ids = parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '');
  if (ids.length > MAX_COMBO_OPTIONS) throw badRequest(`O parâmetro id aceita no máximo ${MAX_COMBO_OPTIONS} números.`);
  return [...new Set(ids.map((part) => integerParam(part, 'id')))];
}

/**
 * Options of a select: `{id, name}` with name the combo label fields joined by ' - ' ('SP - São Paulo').
 * `filter` narrows by text (case and accents ignored); `id` fetches the options of one or more ids
 * (`id=1,2,3`), inactivated ones too, so a form or a list with a reference column shows what its
 * records point at in one call; a reference field's name as a parameter (`uf_id=35`) keeps the
 * options of that parent: the dependent combos.
 */
export async function listCombos(db: Kysely<any>, entity: Entity, query: Record<string, unknown>): Promise<ComboOption[]> {
  const labelColumns = entity.comboLabel.map((name) => sql`${sql.ref(name)}::text`);
  const name = sql<string>`concat_ws(' - ', ${sql.join(labelColumns)})`;
  let select = db.selectFrom(entity.table).select(['id', name.as('name')]);
  const ids = query.id === undefined ? [] : idList(query.id);
  if (ids.length) {
    select = select.where('id', 'in', ids);
  } else if (entity.inactivatable) {
    select = select.where((eb) => eb.or([eb('inactivated', '=', false), eb('inactivated', 'is', null)]));
  }
  for (const field of entity.fields) {
    if (field.kind !== 'reference' || query[field.name] === undefined || query[field.name] === '') continue;
    select = select.where(field.column!, '=', integerParam(query[field.name], field.name));
  }
  if (query.filter !== undefined && typeof query.filter !== 'string') throw badRequest('O parâmetro filter deve ser um texto.');
  const text = query.filter === undefined ? '' : searchText(query.filter, 'parâmetro filter').trim();
  if (text !== '') {
    const pattern = `%${escapeLike(text)}%`;
    select = select.where(sql<SqlBool>`immutable_unaccent(lower(${name})) like immutable_unaccent(lower(${pattern}))`);
  }
  const rows = await select.orderBy(name).orderBy('id').limit(MAX_COMBO_OPTIONS).execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name as string }));
}
