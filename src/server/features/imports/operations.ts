/**
 * An import's life (docs/IMPORTS.md): a file read into rows and a mapping (`startImport`), the
 * mapping changed and remembered for the module (`setMapping`), the dry run (`checkImport`: each row's
 * create / update / skip / error), then the commit queued (`queueImport`) for the job (job.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { naturalKeyFields, type Entity, type Model } from '../../../../language/index.js';
import { addError, conflict, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import type { WriteContext } from '../../core/resources/hooks.js';
import { comparable, guessMapping, importColumns, type ImportColumn } from './columns.js';
import type { Cell } from './cells.js';
import { referenceResolver } from './names.js';
import { readSheet } from './read-file.js';
import { naturalKeyOf, planRows, recordsByKeys, rowBody, type RowReader } from './rows.js';

export const IMPORT_NOT_FOUND = 'Importação não encontrada.';
export const NOT_CHECKED = 'Faça a simulação da importação antes de importá-la.';
export const ALREADY_QUEUED = 'Esta importação já foi enviada para importar.';
export const UNKNOWN_COLUMN = 'Coluna desconhecida neste cadastro.';
export const COLUMN_TWICE = 'Esta coluna já foi escolhida para outra coluna da planilha.';

type Row = Record<string, unknown>;
const BATCH = 500;

/** `{ header index: column key }`, the file's columns each read as one of the module's. */
export type Mapping = Record<string, string>;

export interface ImportRecord {
  id: number;
  module: string;
  file_name: string;
  headers: string[];
  mapping: Mapping;
  status: 'draft' | 'checked' | 'queued' | 'running' | 'done' | 'failed';
  total_rows: number;
  user_id: number | null;
  error_reason: string | null;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export async function findImport(db: Kysely<SpaceDatabase>, module: string, id: number): Promise<ImportRecord> {
  const row = await db.selectFrom('imports').selectAll().where('id', '=', id).where('module', '=', module).executeTakeFirst();
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return { ...row, id: Number(row.id), headers: parsed(row.headers), mapping: parsed(row.mapping), user_id: row.user_id === null ? null : Number(row.user_id) } as ImportRecord;
}

/** The mapping last saved for the module, by header (case and accents aside). */
async function rememberedMapping(db: Kysely<SpaceDatabase>, module: string): Promise<Record<string, string>> {
  const row = await db.selectFrom('import_mappings').select('mapping').where('module', '=', module).executeTakeFirst();
  return row ? parsed(row.mapping) : {};
}

/** Reads the file into an import (status draft), its columns mapped as last time for the module, else by header. */
export async function startImport(db: Kysely<SpaceDatabase>, entity: Entity, userId: number | null, fileName: string, bytes: Buffer): Promise<number> {
  const sheet = await readSheet(fileName, bytes);
  const columns = importColumns(entity);
  const keys = new Set(columns.map((c) => c.key));
  const remembered = await rememberedMapping(db, entity.module);
  const mapping = guessMapping(columns, sheet.headers);
  sheet.headers.forEach((header, index) => {
    const key = remembered[comparable(header)];
    if (key && keys.has(key) && !Object.values(mapping).includes(key)) mapping[String(index)] = key;
  });
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('imports').values({
      module: entity.module, user_id: userId, file_name: fileName.slice(0, 255), headers: json(sheet.headers), mapping: json(mapping), total_rows: sheet.rows.length,
    }).returning('id').executeTakeFirstOrThrow();
    for (let start = 0; start < sheet.rows.length; start += BATCH) {
      const some = sheet.rows.slice(start, start + BATCH);
      await trx.insertInto('import_rows').values(some.map((row) => ({ import_id: id, line: row.line, cells: JSON.stringify(row.cells) }))).execute();
    }
    return Number(id);
  });
}

/** A new mapping (checked against the module's columns), remembered for the module's next files; the dry run is due again. */
export async function setMapping(db: Kysely<SpaceDatabase>, entity: Entity, id: number, mapping: unknown): Promise<void> {
  const record = await findImport(db, entity.module, id);
  if (!['draft', 'checked'].includes(record.status)) throw conflict(ALREADY_QUEUED);
  if (mapping === null || typeof mapping !== 'object' || Array.isArray(mapping)) throw invalid({ mapping: ['O mapeamento deve ser um objeto.'] });
  const keys = new Set(importColumns(entity).map((c) => c.key));
  const errors: FieldErrors = {};
  const clean: Mapping = {};
  const used = new Set<string>();
  for (const [index, key] of Object.entries(mapping as Record<string, unknown>)) {
    if (!/^\d+$/.test(index) || Number(index) >= record.headers.length) {
      addError(errors, `mapping.${index}`, 'Coluna da planilha inexistente.');
      continue;
    }
    if (key === null || key === '') continue;
    if (typeof key !== 'string' || !keys.has(key)) addError(errors, `mapping.${index}`, UNKNOWN_COLUMN);
    else if (used.has(key)) addError(errors, `mapping.${index}`, COLUMN_TWICE);
    else {
      used.add(key);
      clean[index] = key;
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const remembered = Object.fromEntries(Object.entries(clean).map(([index, key]) => [comparable(record.headers[Number(index)]), key]));
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('imports').set({ mapping: json(clean), status: 'draft', updated_at: sql`now()` }).where('id', '=', id).execute();
    await trx.updateTable('import_rows').set({ action: null, errors: null }).where('import_id', '=', id).execute();
    await sql`insert into import_mappings (module, mapping) values (${entity.module}, ${json(remembered)})
              on conflict (module) do update set mapping = excluded.mapping, updated_at = now()`.execute(trx);
  });
}

/** How a row is read under an import's mapping. */
export async function rowReader(db: Kysely<SpaceDatabase>, model: Model, entity: Entity, mapping: Mapping, context: WriteContext): Promise<RowReader> {
  const byKey = new Map(importColumns(entity).map((c) => [c.key, c]));
  const columns = new Map<number, ImportColumn>(Object.entries(mapping).flatMap(([index, key]) => (byKey.has(key) ? [[Number(index), byKey.get(key)!]] : [])));
  const resolve = await referenceResolver(db, model, [...columns.values()].map((c) => c.field));
  return { entity, columns, resolve, context };
}

/** The message on a row whose natural key an earlier row of the file brought (with the fields it is unique within, when it has them). */
export function repeatedKey(entity: Entity, line: number): string {
  const fields = naturalKeyFields(entity);
  const key = fields.at(-1)!;
  const within = fields.slice(0, -1).map((f) => f.label);
  return `O campo ${key.label} repete o da linha ${line} da planilha${within.length ? `, com o mesmo valor de ${within.join(', ')}` : ''}.`;
}

/** The dry run: each row's action and messages stored; nothing is written to the module. */
export async function checkImport(db: Kysely<SpaceDatabase>, model: Model, entity: Entity, id: number, context: WriteContext): Promise<void> {
  const record = await findImport(db, entity.module, id);
  if (!['draft', 'checked'].includes(record.status)) throw conflict(ALREADY_QUEUED);
  const reader = await rowReader(db, model, entity, record.mapping, context);
  const seen = new Map<string, number>();
  const keyField = entity.fields.find((f) => f.name === entity.naturalKey);
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('import_rows').select(['id', 'line', 'cells']).where('import_id', '=', id).where('line', '>', after).orderBy('line').limit(BATCH).execute();
    if (rows.length === 0) break;
    const cells = rows.map((row) => parsed<Cell[]>(row.cells));
    const keys = cells.map((row) => naturalKeyOf(entity, rowBody(reader, row, {})));
    const stored = await recordsByKeys(db, entity, keys);
    // A key an earlier row of the file brought is an error on this row; the others are planned together.
    const repeated = new Map<number, number>();
    const planned: number[] = [];
    rows.forEach((row, i) => {
      const key = keys[i];
      const first = key === null ? undefined : seen.get(key);
      if (first !== undefined && keyField) repeated.set(i, first);
      else {
        if (key !== null) seen.set(key, row.line);
        planned.push(i);
      }
    });
    const plans = await planRows(db, reader, planned.map((i) => cells[i]), planned.map((i) => (keys[i] === null ? null : (stored.get(keys[i]!) ?? null))));
    const planOf = new Map(planned.map((i, n) => [i, plans[n]]));
    const outcomes = rows.map((row, i) => {
      const first = repeated.get(i);
      if (first !== undefined) return { id: Number(row.id), action: 'error', errors: { [keyField!.name]: [repeatedKey(entity, first)] } as FieldErrors | null, recordId: null as number | null };
      const plan = planOf.get(i)!;
      return { id: Number(row.id), action: plan.action, errors: plan.errors, recordId: plan.recordId };
    });
    await sql`update import_rows as r set action = v.action, errors = v.errors::jsonb, record_id = v.record_id::bigint
              from (values ${sql.join(outcomes.map((o) => sql`(${o.id}::bigint, ${o.action}, ${o.errors === null ? null : JSON.stringify(o.errors)}, ${o.recordId})`))}) as v(id, action, errors, record_id)
              where r.id = v.id`.execute(db);
    after = rows.at(-1)!.line;
  }
  await db.updateTable('imports').set({ status: 'checked', updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** The commit asked for: the job (job.ts) takes it. Only a checked import is queued, once. */
export async function queueImport(db: Kysely<SpaceDatabase>, module: string, id: number): Promise<void> {
  const record = await findImport(db, module, id);
  if (record.status === 'draft') throw conflict(NOT_CHECKED);
  const { numUpdatedRows } = await db.updateTable('imports').set({ status: 'queued', updated_at: sql`now()` }).where('id', '=', id).where('status', '=', 'checked').executeTakeFirst();
  if (Number(numUpdatedRows) !== 1) throw conflict(ALREADY_QUEUED);
}

/**
 * Rows by action (what the dry run or the commit says) and how many the commit has done, as the rows'
 * own statements keep them (`import_counts`, migrations/20261128020000_import_counts.ts).
 */
export async function importCounts(db: Kysely<SpaceDatabase>, id: number) {
  const rows = await db.selectFrom('import_counts').select(['action', 'done', 'rows as n']).where('import_id', '=', id).execute();
  const counts = { create: 0, update: 0, skip: 0, error: 0, unchecked: 0, done: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    const action = (row.action === '' ? 'unchecked' : row.action) as keyof typeof counts;
    counts[action] += n;
    if (row.done) counts.done += n;
  }
  return counts;
}

/** An import as the API answers it: the file's columns and their mapping, the module's columns, status, counts and progress. */
export async function importSummary(db: Kysely<SpaceDatabase>, entity: Entity, id: number) {
  const record = await findImport(db, entity.module, id);
  const counts = await importCounts(db, id);
  const toWrite = counts.create + counts.update;
  return {
    id: record.id, module: record.module, file_name: record.file_name, status: record.status, total_rows: record.total_rows,
    headers: record.headers, mapping: record.mapping, error_reason: record.error_reason,
    columns: importColumns(entity).map((c) => ({ key: c.key, header: c.header, required: c.field.required && !c.sublist })),
    natural_key: entity.naturalKey,
    natural_key_within: naturalKeyFields(entity).slice(0, -1).map((f) => f.name),
    counts,
    progress: record.status === 'done' ? 100 : toWrite === 0 ? 0 : Math.floor((counts.done / toWrite) * 100),
  };
}

/** A page of an import's rows, as the dry-run table shows them (optionally only one action). */
const ROW_ACTIONS = ['create', 'update', 'skip', 'error'] as const;
export const MAX_ROWS_PER_PAGE = 200;

/**
 * The rows' page as asked (`page` from 1, `per_page` 1–200, `action` one of the plan's), each refused
 * on its parameter (422) rather than read as something else; absent, page 1 of 50 rows of any action.
 */
function rowsQuery(query: Row): { page: number; perPage: number; action: (typeof ROW_ACTIONS)[number] | null } {
  const errors: FieldErrors = {};
  const whole = (name: string, fallback: number, max: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (value >= 1 && value <= max) return value;
    addError(errors, name, `O parâmetro ${name} deve ser um número inteiro de 1 a ${max.toLocaleString('pt-BR')}.`);
    return fallback;
  };
  const page = whole('page', 1, 999_999_999);
  const perPage = whole('per_page', 50, MAX_ROWS_PER_PAGE);
  const raw = query.action;
  const action = ROW_ACTIONS.find((name) => name === raw) ?? null;
  if (raw !== undefined && raw !== '' && action === null) addError(errors, 'action', `O parâmetro action deve ser ${ROW_ACTIONS.slice(0, -1).join(', ')} ou ${ROW_ACTIONS.at(-1)}.`);
  if (Object.keys(errors).length) throw invalid(errors);
  return { page, perPage, action };
}

export async function importRows(db: Kysely<SpaceDatabase>, module: string, id: number, query: Row) {
  await findImport(db, module, id);
  const { page, perPage, action } = rowsQuery(query);
  let select = db.selectFrom('import_rows').where('import_id', '=', id);
  if (action) select = select.where('action', '=', action);
  const { total } = await select.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await select.select(['line', 'cells', 'action', 'errors', 'record_id', 'done']).orderBy('line').limit(perPage).offset((page - 1) * perPage).execute();
  return {
    data: rows.map((row) => ({ line: row.line, cells: parsed(row.cells), action: row.action, errors: row.errors === null ? null : parsed(row.errors), record_id: row.record_id === null ? null : Number(row.record_id), done: row.done })),
    total: Number(total),
  };
}
