/**
 * An import's commit is its own job: its row's `status` is the queue (queued → running → done).
 * A process takes a queued import with one statement that skips rows another process holds (`for
 * update skip locked`); an import whose process stopped beating is queued again and resumes. The rows
 * are taken a batch at a time: a batch's new records are created together in one transaction
 * (resources/write-many.ts: records, sub-lists, audit rows) with the batch's done marks; the other
 * rows are written one at a time through the generic write, each marked done in its own transaction.
 * Either way a stop leaves each row wholly imported and marked, or not at all, and the resumed job
 * takes the rows not done. The marks are conditional (`where not done`), so two processes that both
 * held the import at once (one presumed dead) never write a row twice: the later transaction rolls back.
 */
import { sql, type Kysely } from 'kysely';
import { dynamic, spaceTables } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity, Model } from '../../../../language/index.js';
import { AppError, type FieldErrors } from '../../core/http/app-error.js';
import type { WriteContext } from '../../core/resources/hooks.js';
import { createRecord, updateRecord } from '../../core/resources/write.js';
import { createRecords, createsTogether, validatedMany } from '../../core/resources/write-many.js';
import type { Cell } from './cells.js';
import { findImport, rowReader } from './operations.js';
import { analyzeGrownTables } from '../../core/db/statistics.js';
import { beatJob, claimJobs, silentFor, takeBackStale } from '../../core/scheduler/queue.js';
import { naturalKeyOf, planRow, recordByKey, recordsByKeys, rowBody, type RowPlan, type RowReader } from './rows.js';

export const MAX_ATTEMPTS = 5;
export const INTERRUPTED = `A importação foi interrompida ${MAX_ATTEMPTS} vezes; as linhas já importadas ficam, as demais não foram importadas.`;

const running = sql`status = 'running'`;

/** Takes the oldest queued import (running, this attempt counted); null when none waits. */
export async function claimImport(db: Kysely<SpaceDatabase>): Promise<number | null> {
  const [row] = await claimJobs(db, 'imports', {
    ready: sql`status = 'queued'`,
    take: sql`status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now()`,
  });
  return row ? Number(row.id) : null;
}

const beat = (db: Kysely<SpaceDatabase>, id: number) => beatJob(db, 'imports', id, running);

/** Imports whose process stopped beating `staleSeconds` ago are queued again, or fail after MAX_ATTEMPTS. */
export async function recoverStaleImports(db: Kysely<SpaceDatabase>, staleSeconds: number): Promise<void> {
  await takeBackStale(db, 'imports', {
    stale: sql`${running} and ${silentFor('heartbeat_at', staleSeconds)}`,
    maxAttempts: MAX_ATTEMPTS,
    requeue: sql`status = 'queued'`,
    giveUp: sql`status = 'failed', finished_at = now(), error_reason = ${INTERRUPTED}, updated_at = now()`,
  });
}

/** Thrown inside a row's transaction when another process marked the row first: the write rolls back. */
class AlreadyImported extends Error {}

async function markRow(db: Kysely<SpaceDatabase>, rowId: number, action: string, errors: FieldErrors | null, recordId: number | null): Promise<boolean> {
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
export async function runImport(db: Kysely<SpaceDatabase>, id: number, options: ImportJobOptions): Promise<void> {
  const head = await db.selectFrom('imports').select(['module']).where('id', '=', id).executeTakeFirstOrThrow();
  const entity = options.model.byModule.get(String(head.module));
  if (!entity) {
    await db.updateTable('imports').set({ status: 'failed', finished_at: sql`now()`, error_reason: 'Cadastro não encontrado.' }).where('id', '=', id).execute();
    return;
  }
  const record = await findImport(db, entity.module, id);
  const base = options.contextOf(entity, record.user_id);
  const reader = await rowReader(db, options.model, entity, record.mapping, base);
  // Every row up to `after` is done (by this process or another), so each batch is read from there on.
  let after = 0;
  for (;;) {
    if (options.signal.aborted) return;
    const rows = await db.selectFrom('import_rows').select(['id', 'line', 'cells', 'action'])
      .where('import_id', '=', id).where('line', '>', after).where('done', '=', false).where('action', 'in', ['create', 'update'])
      .orderBy('line').limit(batchRows()).execute();
    if (rows.length === 0) break;
    const pending = rows.map((row) => ({ id: Number(row.id), action: String(row.action), cells: (typeof row.cells === 'string' ? JSON.parse(row.cells) : row.cells) as Cell[] }));
    const alone = await createTogether(db, entity, reader, pending.filter((row) => row.action === 'create'), base);
    if (alone === null) continue;
    const oneByOne = [...alone, ...pending.filter((r) => r.action !== 'create')].sort((a, b) => a.id - b.id);
    for (const [n, row] of oneByOne.entries()) {
      if (options.signal.aborted) return;
      await importRow(db, entity, reader, row.id, row.action, row.cells, base);
      // Rows written one at a time take longer: the process says it is alive every 100 of them too.
      if (n % 100 === 99) await beat(db, id);
    }
    after = rows.at(-1)!.line;
    await beat(db, id);
    // Plans made for the nearly empty tables of a new space read a table through for every row: the
    // small tables a batch grew are analysed now, without waiting for autovacuum (nor, embedded, for
    // the minute's analysis).
    await analyzeGrownTables(db, FRESH_STATISTICS_ROWS);
  }
  await db.updateTable('imports').set({ status: 'done', finished_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', id).where('status', '=', 'running').execute();
}

/** Past this many rows a table's plans no longer change with its size: the import stops analysing it. */
const FRESH_STATISTICS_ROWS = 2_000;

/** Rows taken a batch at a time (`IMPORT_BATCH_ROWS`, 500 by default): a transaction writes a batch's creates. */
const batchRows = () => Math.max(1, Number(process.env.IMPORT_BATCH_ROWS ?? 500) || 500);

type PendingRow = { id: number; action: string; cells: Cell[] };

/** Thrown inside a batch's transaction when another process marked some of its rows first: the batch rolls back. */
class TakenMeanwhile extends Error {}

/**
 * A batch's rows the dry run found new, created together in one transaction (write-many.ts): checked
 * with one query per table, stored with multi-row inserts, their audit rows and item events likewise,
 * and marked done in that same transaction with one conditional statement. A row checked in error is
 * marked so in that statement. Answers the rows to write one at a time (importRow): those whose key
 * names a record by now, all of them when the module's hooks act per record, and the whole batch again
 * when its transaction failed (a hook's refusal, a key taken meanwhile, a trigger), so that only the
 * rows at fault end in error, each with its own messages. When another process marked some rows
 * first, the batch is rolled back and null is answered: the next turn reads the rows still not done.
 */
async function createTogether(db: Kysely<SpaceDatabase>, entity: Entity, reader: RowReader, rows: PendingRow[], base: WriteContext): Promise<PendingRow[] | null> {
  if (rows.length === 0 || !createsTogether(base)) return rows;
  const cellErrors = rows.map((): FieldErrors => ({}));
  const bodies = rows.map((row, i) => rowBody(reader, row.cells, cellErrors[i]));
  const stored = await recordsByKeys(db, entity, bodies.map((body) => naturalKeyOf(entity, body)));
  const alone: PendingRow[] = [];
  const fresh: number[] = [];
  rows.forEach((row, i) => {
    const key = naturalKeyOf(entity, bodies[i]);
    if (Object.keys(cellErrors[i]).length > 0 || (key !== null && stored.has(key))) alone.push(row);
    else fresh.push(i);
  });
  const checked = await validatedMany(dynamic(db), entity, 'create', fresh.map((i) => bodies[i]), base);
  const writing = fresh.flatMap((i, n) => (checked[n].body ? [{ row: rows[i], body: checked[n].body! }] : []));
  const refused = fresh.flatMap((i, n) => (checked[n].errors ? [{ row: rows[i], errors: checked[n].errors! }] : []));
  if (writing.length + refused.length === 0) return alone;
  try {
    await db.transaction().execute(async (trx) => {
      const records = await createRecords(dynamic(trx), entity, writing.map((w) => w.body), { ...base, discarded: [] });
      const marks = [
        ...writing.map((w, n) => sql`(${w.row.id}::bigint, 'create', null::text, ${Number(records[n].id)}::bigint)`),
        ...refused.map((r) => sql`(${r.row.id}::bigint, 'error', ${JSON.stringify(r.errors)}::text, null::bigint)`),
      ];
      const { rows: marked } = await sql`update import_rows as r set done = true, action = v.action, errors = v.errors::jsonb, record_id = v.record_id
                from (values ${sql.join(marks)}) as v(id, action, errors, record_id)
               where r.id = v.id and not r.done
           returning r.id`.execute(trx);
      if (marked.length !== marks.length) throw new TakenMeanwhile();
    });
  } catch (error) {
    if (error instanceof TakenMeanwhile) return null;
    // Written again a row at a time, as the single write does, so only the rows at fault end in error.
    return [...alone, ...writing.map((w) => w.row), ...refused.map((r) => r.row)];
  }
  return alone;
}

/**
 * A row the dry run found new whose key still names no record is created as it is (the create checks
 * it as the form does); any other row is planned again against the records as they are now.
 */
async function planNow(db: Kysely<SpaceDatabase>, reader: RowReader, action: string, cells: Cell[]): Promise<RowPlan> {
  if (action === 'create') {
    const errors: FieldErrors = {};
    const body = rowBody(reader, cells, errors);
    if (Object.keys(errors).length === 0 && (await recordByKey(db, reader.entity, naturalKeyOf(reader.entity, body))) === null) return { action: 'create', errors: null, recordId: null, body };
  }
  return planRow(db, reader, cells);
}

/** One row written with its done mark in one transaction. */
async function importRow(db: Kysely<SpaceDatabase>, entity: Entity, reader: RowReader, rowId: number, action: string, cells: Cell[], base: WriteContext): Promise<void> {
  const plan = await planNow(db, reader, action, cells);
  if (plan.action === 'error' || plan.action === 'skip') {
    await markRow(db, rowId, plan.action, plan.errors, plan.recordId);
    return;
  }
  const context: WriteContext = {
    ...base,
    discarded: [],
    inWrite: async (trx, record) => {
      if (!(await markRow(spaceTables(trx), rowId, plan.action, null, Number(record.id)))) throw new AlreadyImported();
    },
  };
  try {
    if (plan.action === 'create') await createRecord(dynamic(db), entity, plan.body, context);
    else await updateRecord(dynamic(db), entity, plan.recordId!, plan.body, context);
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
