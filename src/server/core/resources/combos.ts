import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AnyTables, DynamicDatabase } from '../db/dynamic.js';
import type { ComboCondition, ComboSpec, Entity } from '../../../../language/index.js';
import { badRequest } from '../http/app-error.js';
import { searchText } from './list-query.js';

/**
 * A combo parameter that is no column of the module (`/api/setores/combos?employer_id=7`: the
 * sectors an employer lists), as the condition it puts on the options; `value` is a row id.
 */
export type ComboParam = (value: number) => (eb: ExpressionBuilder<AnyTables, string>) => Expression<SqlBool>;

/**
 * A named combo's condition as SQL: `in` its values, or `not-in` them, which an empty value meets
 * too (a party type without a code is not the institution's).
 */
export function comboCondition(condition: ComboCondition) {
  return (eb: ExpressionBuilder<AnyTables, string>) =>
    condition.operator === 'in'
      ? eb(condition.field, 'in', condition.values)
      : eb.or([eb(condition.field, 'not in', condition.values), eb(condition.field, 'is', null)]);
}

/** Most options a combo returns; when more match, the answer says so (`more: true`) and typing narrows them (`filter`). */
export const MAX_COMBO_OPTIONS = 1000;

/** `{id, name}`, and the fields the combo carries besides (`x-combos`), under their own names. */
export interface ComboOption {
  id: number;
  name: string;
  [field: string]: unknown;
}

/** The options, and `more: true` when more records match than were returned (never a silent cut). */
export interface ComboAnswer {
  data: ComboOption[];
  more?: true;
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

/** `combo=sem_instituicao`: one of the module's named combos (`x-combos`); none is the plain one. */
function comboOf(entity: Entity, raw: unknown): ComboSpec {
  if (raw === undefined || raw === '') return entity.combos.default;
  const names = Object.keys(entity.combos);
  if (typeof raw !== 'string' || !Object.hasOwn(entity.combos, raw)) {
    throw badRequest(`O parâmetro combo deve ser um destes: ${names.join(', ')}.`);
  }
  return entity.combos[raw];
}

/** `limit=50`: at most that many options (a type-ahead asks for a few); default and most MAX_COMBO_OPTIONS. */
function limitOf(raw: unknown): number {
  if (raw === undefined || raw === '') return MAX_COMBO_OPTIONS;
  if (typeof raw === 'string' && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_COMBO_OPTIONS) return Number(raw);
  throw badRequest(`O parâmetro limit deve ser um número inteiro de 1 a ${MAX_COMBO_OPTIONS}.`);
}

/**
 * Options of a select: `{id, name}` with name the combo label fields joined by ' - ' ('SP - São Paulo'),
 * plus the fields the combo carries. `combo` picks a named combo (its label, fields and filter);
 * `filter` narrows by text (case and accents ignored); `id` fetches the options of one or more ids
 * (`id=1,2,3`), inactivated ones and those outside the combo's filter too, so a form or a list with
 * a reference column shows what its records point at in one call; a reference field's name as a
 * parameter (`uf_id=35`) keeps the options of that parent: the dependent combos. `limit` caps the
 * options; when more match, `more: true` says the list is not whole.
 */
/** An enumeration's value given as a combo parameter: one of its options, or 400. */
function enumParam(field: { name: string; enumOptions?: readonly { value: string | number }[] }, raw: unknown): string | number {
  const option = field.enumOptions?.find((o) => String(o.value) === String(raw));
  if (!option) throw badRequest(`O parâmetro ${field.name} deve ser um dos valores: ${(field.enumOptions ?? []).map((o) => o.value).join(', ')}.`);
  return option.value;
}

/**
 * One field of an option's name as a person reads it: a date as DD/MM/YYYY, a reference by its
 * record's label (an inspection named by its inspected party), anything else as its text.
 */
function labelPart(entity: Entity, name: string) {
  const field = entity.fields.find((f) => f.name === name);
  if (field?.kind === 'date') return sql`to_char(${sql.ref(name)}, 'DD/MM/YYYY')`;
  if (field?.kind === 'reference') {
    const { table, labelField } = field.reference;
    return sql`(select ${sql.ref(`label_of.${labelField}`)}::text from ${sql.table(table)} as label_of where label_of.id = ${sql.ref(`${entity.table}.${name}`)})`;
  }
  return sql`${sql.ref(name)}::text`;
}

export async function listCombos(db: DynamicDatabase, entity: Entity, query: Record<string, unknown>, params: ReadonlyMap<string, ComboParam> = new Map()): Promise<ComboAnswer> {
  const combo = comboOf(entity, query.combo);
  const limit = limitOf(query.limit);
  const labelColumns = combo.label.map((name) => labelPart(entity, name));
  const name = sql<string>`concat_ws(' - ', ${sql.join(labelColumns)})`;
  let select = db.selectFrom(entity.table).select(['id', name.as('name'), ...combo.fields]);
  const ids = query.id === undefined ? [] : idList(query.id);
  if (ids.length) {
    select = select.where('id', 'in', ids);
  } else {
    if (entity.inactivatable) select = select.where((eb) => eb.or([eb('inactivated', '=', false), eb('inactivated', 'is', null)]));
    for (const condition of combo.filter) {
      select = select.where(comboCondition(condition));
    }
  }
  for (const field of entity.fields) {
    if (!field.column || query[field.name] === undefined || query[field.name] === '') continue;
    if (field.kind === 'reference') select = select.where(field.column, '=', integerParam(query[field.name], field.name));
    if (field.kind === 'enum') select = select.where(field.column, '=', enumParam(field, query[field.name]));
  }
  for (const [param, condition] of params) {
    if (query[param] === undefined || query[param] === '') continue;
    select = select.where(condition(integerParam(query[param], param)));
  }
  if (query.filter !== undefined && typeof query.filter !== 'string') throw badRequest('O parâmetro filter deve ser um texto.');
  const text = query.filter === undefined ? '' : searchText(query.filter, 'parâmetro filter').trim();
  if (text !== '') {
    const pattern = `%${escapeLike(text)}%`;
    select = select.where(sql<SqlBool>`immutable_unaccent(lower(${name})) like immutable_unaccent(lower(${pattern}))`);
  }
  // One row past the limit tells whether the list is whole.
  const rows = await select.orderBy(name).orderBy('id').limit(limit + 1).execute();
  const data = rows.slice(0, limit).map((row) => ({ ...row, id: Number(row.id), name: row.name as string }));
  return rows.length > limit ? { data, more: true } : { data };
}
