/**
 * An import's commit is its own job: its row's `status` is the queue (queued → running → done).
 * A process takes a queued import with one statement that skips rows another process holds (`for
 * update skip locked`); an import whose process stopped beating is queued again and resumes. Each
 * spreadsheet row is written in its own transaction, with its record, sub-lists, audit and hooks
 * (the generic write), and marked done in that same transaction: a stop leaves each row either
 * wholly imported and marked, or not at all, and the resumed job starts at the first row not done.
 * The mark is conditional (`where not done`), so two processes that both held the import at once
 * (one presumed dead) never write a row twice: the second's transaction rolls back.
 */
import { sql, type Kysely } from 'kysely';
import type { Entity, Model } from '../../../language/index.js';
import { AppError, type FieldErrors } from '../http/app-error.js';
import type { WriteContext } from '../resources/hooks.js';
import { createRecord, updateRecord } from '../resources/write.js';
import type { Cell } from './cells.js';
import { findImport, rowReader } from './operations.js';
import { naturalKeyOf, planRow, recordByKey, rowBody, type RowPlan, type RowReader } from './rows.js';

export const MAX_ATTEMPTS = 5;
export const INTERRUPTED = `A importação foi interrompida ${MAX_ATTEMPTS} vezes; as linhas já importadas ficam, as demais não foram importadas.`;
const BATCH = 100;

/** Takes the oldest queued import (running, this attempt counted); null when none waits. */
export async function claimImport(db: Kysely<any>): Promise<number | null> {
  const { rows } = await sql<{ id: string }>`
    update imports set status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now(), attempts = attempts + 1
     where id = (select id from imports where status = 'queued' order by id limit 1 for update skip locked)
       and status = 'queued'
    returning id`.execute(db);
  return rows[0] ? Number(rows[0].id) : null;
}

async function beat(db: Kysely<any>, id: number): Promise<void> {
  await sql`update imports set heartbeat_at = now() where id = ${id} and status = 'running'`.execute(db);
}

/** Imports whose process stopped beating `staleSeconds` ago are queued again, or fail after MAX_ATTEMPTS. */
export async function recoverStaleImports(db: Kysely<any>, staleSeconds: number): Promise<void> {
  const stale = sql`status = 'running' and heartbeat_at < now() - make_interval(secs => ${staleSeconds})`;
  await sql`update imports set status = 'queued' where ${stale} and attempts < ${MAX_ATTEMPTS}`.execute(db);
  await sql`update imports set status = 'failed', finished_at = now(), error_reason = ${INTERRUPTED}, updated_at = now() where ${stale} and attempts >= ${MAX_ATTEMPTS}`.execute(db);
}

/** Thrown inside a row's transaction when another process marked the row first: the write rolls back. */
class AlreadyImported extends Error {}

async function markRow(db: Kysely<any>, rowId: number, action: string, errors: FieldErrors | null, recordId: number | null): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable('import_rows')
    .set({ done: true, action, errors: errors === null ? null : JSON.stringify(errors), record_id: recordId })
    .where('id', '=', rowId).where('done', '=', false).executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}

export interface ImportJobOptions {
  model: Model;
  /** The write context of the import's author (hooks, files) without a request. */
  contextOf(entity: Entity, userId: number | null): WriteContext;
  signal: AbortSignal;
}

/** Writes the import's rows not done yet (those the dry run found to create or update), then ends it. */
export async function runImport(db: Kysely<any>, id: number, options: ImportJobOptions): Promise<void> {
  const head = await db.selectFrom('imports').select(['module']).where('id', '=', id).executeTakeFirstOrThrow();
  const entity = options.model.byModule.get(String(head.module));
  if (!entity) {
    await db.updateTable('imports').set({ status: 'failed', finished_at: sql`now()`, error_reason: 'Cadastro não encontrado.' }).where('id', '=', id).execute();
    return;
  }
  const record = await findImport(db, entity.module, id);
  const base = options.contextOf(entity, record.user_id);
  const reader = await rowReader(db, options.model, entity, record.mapping, base);
  for (;;) {
    if (options.signal.aborted) return;
    const rows = await db.selectFrom('import_rows').select(['id', 'line', 'cells', 'action'])
      .where('import_id', '=', id).where('done', '=', false).where('action', 'in', ['create', 'update'])
      .orderBy('line').limit(BATCH).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      if (options.signal.aborted) return;
      await importRow(db, entity, reader, Number(row.id), String(row.action), (typeof row.cells === 'string' ? JSON.parse(row.cells) : row.cells) as Cell[], base);
    }
    await beat(db, id);
  }
  await db.updateTable('imports').set({ status: 'done', finished_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', id).where('status', '=', 'running').execute();
}

/**
 * A row the dry run found new whose key still names no record is created as it is (the create checks
 * it as the form does); any other row is planned again against the records as they are now.
 */
async function planNow(db: Kysely<any>, reader: RowReader, action: string, cells: Cell[]): Promise<RowPlan> {
  if (action === 'create') {
    const errors: FieldErrors = {};
    const body = rowBody(reader, cells, errors);
    if (Object.keys(errors).length === 0 && (await recordByKey(db, reader.entity, naturalKeyOf(reader.entity, body))) === null) return { action: 'create', errors: null, recordId: null, body };
  }
  return planRow(db, reader, cells);
}

/** One row written with its done mark in one transaction. */
async function importRow(db: Kysely<any>, entity: Entity, reader: RowReader, rowId: number, action: string, cells: Cell[], base: WriteContext): Promise<void> {
  const plan = await planNow(db, reader, action, cells);
  if (plan.action === 'error' || plan.action === 'skip') {
    await markRow(db, rowId, plan.action, plan.errors, plan.recordId);
    return;
  }
  const context: WriteContext = {
    ...base,
    discarded: [],
    inWrite: async (trx, record) => {
      if (!(await markRow(trx, rowId, plan.action, null, Number(record.id)))) throw new AlreadyImported();
    },
  };
  try {
    if (plan.action === 'create') await createRecord(db, entity, plan.body, context);
    else await updateRecord(db, entity, plan.recordId!, plan.body, context);
  } catch (error) {
    if (error instanceof AlreadyImported) return;
    // Refused by the write itself (a hook's rule, a key another row took meanwhile): the row ends in error, with the form's messages.
    if (error instanceof AppError && (error.status === 422 || error.status === 409)) {
      await markRow(db, rowId, 'error', error.errors ?? { _: [error.message] }, plan.recordId);
      return;
    }
    throw error;
  }
}
