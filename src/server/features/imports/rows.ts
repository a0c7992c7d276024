/**
 * One spreadsheet row as the form would take it: its cells read into a body (cells.ts), the record
 * its natural key names (an update, or a skip when nothing would change), else a create; checked
 * by the generic write's own validation (resources/write.ts `validated`), so its messages are the
 * form's, on the form's fields.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { naturalKeyFields, type Entity, type Field } from '../../../../language/index.js';
import { canonicalTaxId } from '../../../shared/validators.js';
import { dynamic } from '../../core/db/dynamic.js';
import { AppError, addError, type FieldErrors } from '../../core/http/app-error.js';
import type { WriteContext } from '../../core/resources/hooks.js';
import { findRow, withOrderedSublists, withOrderedSublistsMany } from '../../core/resources/read.js';
import { validated } from '../../core/resources/write.js';
import { validatedMany } from '../../core/resources/write-many.js';
import { cellValue, type Cell } from './cells.js';
import type { ImportColumn } from './columns.js';
import { CellError } from './names.js';

export type RowAction = 'create' | 'update' | 'skip' | 'error';
type Body = Record<string, unknown>;

export interface RowPlan {
  action: RowAction;
  errors: FieldErrors | null;
  /** The record an update or a skip names. */
  recordId: number | null;
  /** The body to write (create or update). */
  body: Body;
}

/** What reads a row: the module, its columns by the file's column index, references' resolver, who writes. */
export interface RowReader {
  entity: Entity;
  columns: Map<number, ImportColumn>;
  resolve: (field: ImportColumn['field'], text: string) => unknown;
  context: WriteContext;
}

/** A row's body: its own fields, and one item for each sub-list whose columns it fills. */
export function rowBody(reader: RowReader, cells: Cell[], errors: FieldErrors): Body {
  const body: Body = {};
  const items = new Map<string, { list: ImportColumn['field']; item: Body }>();
  for (const [index, column] of reader.columns) {
    let value: unknown;
    try {
      value = cellValue(column.field, cells[index] ?? null, reader.resolve);
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      addError(errors, column.sublist ? `${column.sublist.name}.0.${column.field.name}` : column.field.name, error.message);
      continue;
    }
    if (value === undefined) continue;
    if (!column.sublist) body[column.field.name] = value;
    else {
      const entry = items.get(column.sublist.name) ?? { list: column.sublist, item: {} };
      entry.item[column.field.name] = value;
      items.set(column.sublist.name, entry);
    }
  }
  // The row's one item of a sub-list is its main one unless the row says otherwise (an update may add it beside others: updateBody).
  for (const [name, { list, item }] of items) {
    const main = list.sublist!.mainField;
    body[name] = [main && !(main in item) ? { ...item, [main]: true } : item];
  }
  return body;
}

/** A key part as the column stores it (a CPF with its dots and dash), null when the row leaves it empty. */
function keyPart(field: Field, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return String(canonicalTaxId(field.kind, typeof value === 'string' ? value.trim() : value));
}

/**
 * A row's natural key as one text: the key's value as the column stores it, after the values of the
 * fields it is unique within (a registration's category id). Null when the row leaves any of them
 * empty: such a row names no stored record.
 */
export function naturalKeyOf(entity: Entity, body: Body): string | null {
  const parts = naturalKeyFields(entity).map((field) => keyPart(field, body[field.name]));
  if (parts.length === 0 || parts.includes(null)) return null;
  return parts.length === 1 ? parts[0] : JSON.stringify(parts);
}

/** A stored row's natural key, as naturalKeyOf makes a row's. */
const storedKey = (entity: Entity, row: Body): string | null => naturalKeyOf(entity, Object.fromEntries(naturalKeyFields(entity).map((f) => [f.name, row[f.column!]])));

/** The records many natural keys name (key → id), with one query: by the key's column, the parts it is unique within compared here. */
export async function recordsByKeys(db: Kysely<SpaceDatabase>, entity: Entity, keys: (string | null)[]): Promise<Map<string, number>> {
  const wanted = new Set(keys.filter((key): key is string => key !== null));
  const fields = naturalKeyFields(entity);
  if (fields.length === 0 || wanted.size === 0) return new Map();
  const values = fields.length === 1 ? [...wanted] : [...new Set([...wanted].map((key) => (JSON.parse(key) as string[]).at(-1)!))];
  const rows: Body[] = await dynamic(db).selectFrom(entity.table).select(['id', ...fields.map((f) => f.column!)]).where(fields.at(-1)!.column!, 'in', values).execute();
  const found = new Map<string, number>();
  for (const row of rows) {
    const key = storedKey(entity, row);
    if (key !== null && wanted.has(key)) found.set(key, Number(row.id));
  }
  return found;
}

/** The record a natural key names, if any. */
export async function recordByKey(db: Kysely<SpaceDatabase>, entity: Entity, key: string | null): Promise<number | null> {
  if (key === null) return null;
  return (await recordsByKeys(db, entity, [key])).get(key) ?? null;
}

const same = (a: unknown, b: unknown): boolean => {
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === undefined ? null : typeof v === 'number' ? String(v) : v);
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
};

/**
 * An update's body: the row's own fields, and for a sub-list the stored items plus the one the row
 * brings, unless one already holds the same values (a spreadsheet row never removes a stored
 * telephone). `adds` says whether a sub-list gains an item.
 */
function updateBody(entity: Entity, body: Body, previous: Body): { body: Body; adds: boolean } {
  const out: Body = {};
  let adds = false;
  for (const [name, value] of Object.entries(body)) {
    const field = entity.fields.find((f) => f.name === name)!;
    if (!field.sublist) {
      out[name] = value;
      continue;
    }
    const stored = (previous[name] as Body[] | undefined) ?? [];
    const item = (value as Body[])[0];
    const main = field.sublist.mainField;
    if (stored.some((s) => Object.entries(item).every(([k, v]) => k === main || same(s[k], v)))) continue;
    out[name] = [...stored, main ? { ...item, [main]: stored.length === 0 } : item];
    adds = true;
  }
  return { body: out, adds };
}

/** Whether the checked body (values as stored: a CNPJ with its marks, money as `1234.50`) changes a stored field. */
function changesStored(entity: Entity, checked: Body, previous: Body): boolean {
  return entity.fields.some((field) => {
    if (field.sublist || !(field.name in checked)) return false;
    const stored = previous[field.column ?? field.name];
    const value = checked[field.name];
    if (field.kind === 'date' && typeof value === 'string') return String(stored instanceof Date ? stored.toISOString() : stored).slice(0, 10) !== value;
    if (Array.isArray(value)) return JSON.stringify(value) !== JSON.stringify(stored ?? []);
    return !same(stored, value);
  });
}

const errorsOf = (error: unknown): FieldErrors => {
  if (error instanceof AppError && error.status === 422) return error.errors ?? { _: [error.message] };
  throw error;
};

/**
 * What a row would do now: `create`, `update` (its natural key names a stored record and it changes
 * it), `skip` (it changes nothing), or `error` with the form's messages by field.
 */
export async function planRow(db: Kysely<SpaceDatabase>, reader: RowReader, cells: Cell[], existing?: number | null): Promise<RowPlan> {
  const { entity, context } = reader;
  const errors: FieldErrors = {};
  const given = rowBody(reader, cells, errors);
  const recordId = existing !== undefined ? existing : await recordByKey(db, entity, naturalKeyOf(entity, given));
  if (recordId === null) {
    try {
      await validated(dynamic(db), entity, 'create', given, context);
      if (Object.keys(errors).length) return { action: 'error', errors, recordId: null, body: given };
      return { action: 'create', errors: null, recordId: null, body: given };
    } catch (error) {
      return { action: 'error', errors: { ...errorsOf(error), ...errors }, recordId: null, body: given };
    }
  }
  const previous = (await withOrderedSublists(dynamic(db), entity, await readWithSublists(db, entity, recordId)))!;
  if (Object.keys(errors).length) return { action: 'error', errors, recordId, body: given };
  const { body, adds } = updateBody(entity, given, previous);
  try {
    const checked = await validated(dynamic(db), entity, 'edit', body, context, previous);
    if (!adds && !changesStored(entity, checked, previous)) return { action: 'skip', errors: null, recordId, body: {} };
    return { action: 'update', errors: null, recordId, body };
  } catch (error) {
    return { action: 'error', errors: errorsOf(error), recordId, body };
  }
}

/** A stored record as an edit reads it: its row and its sub-lists' items. */
async function readWithSublists(db: Kysely<SpaceDatabase>, entity: Entity, id: number): Promise<Body | undefined> {
  const row = await findRow(dynamic(db), entity, id);
  if (!row) return row;
  for (const field of entity.fields) {
    if (!field.sublist) continue;
    row[field.name] = await dynamic(db).selectFrom(field.sublist.table).selectAll().where(field.sublist.parentKey, '=', id).orderBy('id').execute();
  }
  return row;
}

/** Stored records as an edit reads them (readWithSublists), many at once: one query per table. */
async function readManyWithSublists(db: Kysely<SpaceDatabase>, entity: Entity, ids: number[]): Promise<Map<number, Body>> {
  if (ids.length === 0) return new Map();
  const rows: Body[] = await dynamic(db).selectFrom(entity.table).selectAll().where('id', 'in', ids).execute();
  for (const field of entity.fields) {
    if (!field.sublist) continue;
    const items: Body[] = await dynamic(db).selectFrom(field.sublist.table).selectAll().where(field.sublist.parentKey, 'in', ids).orderBy('id').execute();
    const byParent = new Map<number, Body[]>(rows.map((row) => [Number(row.id), []]));
    for (const item of items) byParent.get(Number(item[field.sublist.parentKey]))?.push(item);
    for (const row of rows) row[field.name] = byParent.get(Number(row.id));
  }
  const read = await withOrderedSublistsMany(dynamic(db), entity, rows);
  return new Map(read.map((row) => [Number(row.id), row]));
}

/**
 * planRow for many rows at once (the dry run's batch): the same plan for each row, with the checks
 * made once per table for the whole batch. `existing[i]` is the record row i's natural key names (null: none).
 */
export async function planRows(db: Kysely<SpaceDatabase>, reader: RowReader, rows: Cell[][], existing: (number | null)[]): Promise<RowPlan[]> {
  const { entity, context } = reader;
  const cellErrors = rows.map((): FieldErrors => ({}));
  const given = rows.map((cells, i) => rowBody(reader, cells, cellErrors[i]));
  const plans: RowPlan[] = new Array(rows.length);
  const hasErrors = (i: number) => Object.keys(cellErrors[i]).length > 0;

  const creating = rows.flatMap((_, i) => (existing[i] === null ? [i] : []));
  const created = await validatedMany(dynamic(db), entity, 'create', creating.map((i) => given[i]), context);
  creating.forEach((i, n) => {
    const checked = created[n];
    if (checked.errors) plans[i] = { action: 'error', errors: { ...checked.errors, ...cellErrors[i] }, recordId: null, body: given[i] };
    else if (hasErrors(i)) plans[i] = { action: 'error', errors: cellErrors[i], recordId: null, body: given[i] };
    else plans[i] = { action: 'create', errors: null, recordId: null, body: given[i] };
  });

  const updating = rows.flatMap((_, i) => (existing[i] !== null ? [i] : []));
  const stored = await readManyWithSublists(db, entity, [...new Set(updating.map((i) => existing[i]!))]);
  const edits: { i: number; body: Body; adds: boolean; previous: Body }[] = [];
  for (const i of updating) {
    const recordId = existing[i]!;
    if (hasErrors(i)) {
      plans[i] = { action: 'error', errors: cellErrors[i], recordId, body: given[i] };
      continue;
    }
    const previous = stored.get(recordId);
    // Removed since its key was looked up: planned again, alone.
    if (!previous) {
      plans[i] = await planRow(db, reader, rows[i]);
      continue;
    }
    edits.push({ i, previous, ...updateBody(entity, given[i], previous) });
  }
  const edited = await validatedMany(dynamic(db), entity, 'edit', edits.map((e) => e.body), context, edits.map((e) => e.previous));
  edits.forEach(({ i, body, adds, previous }, n) => {
    const recordId = existing[i]!;
    const checked = edited[n];
    if (checked.errors) plans[i] = { action: 'error', errors: checked.errors, recordId, body };
    else if (!adds && !changesStored(entity, checked.body, previous)) plans[i] = { action: 'skip', errors: null, recordId, body: {} };
    else plans[i] = { action: 'update', errors: null, recordId, body };
  });
  return plans;
}
