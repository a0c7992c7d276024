/**
 * The commit of a year's generation is its own job (docs/RECEIVABLES.md §4): its run's `state` is the
 * queue (queued → running → done | failed). A process takes a queued commit skipping those another
 * holds; one whose process stopped beating is queued again and goes on from its cursor. Each batch of
 * registrations is one transaction that locks the run's row, bills what the batch classifies billed
 * or proportional, and moves the run's cursor, progress and totals: a stop leaves every batch wholly
 * written with its progress, or not at all, and two processes holding one run (one presumed dead)
 * take turns on its row, the later finding the cursor moved and reading from there.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { AppError } from '../../core/http/app-error.js';
import { claimJobs, silentFor, takeBackStale } from '../../core/scheduler/queue.js';
import type { JobDefinition } from '../../core/scheduler/scheduler.js';
import { BilledMeanwhile, billAnnuities, lockYear } from './billing.js';
import { addToTotals, type Totals } from './classification.js';
import { registrationsToClassify, yearContext } from './generation-read.js';
import { batchRows, classifyOn } from './generation.js';
import { ORIGIN } from './posting.js';
import { dateText } from './stored-settings.js';

export const MAX_ATTEMPTS = 5;
export const INTERRUPTED = `A geração foi interrompida ${MAX_ATTEMPTS} vezes; as anuidades já lançadas ficam, as demais não foram lançadas.`;

const TABLE = 'receivable_generations';
const running = sql`state = 'running'`;

/** Takes the oldest queued commit (running, this attempt counted); null when none waits. */
export async function claimCommit(db: Kysely<SpaceDatabase>): Promise<number | null> {
  const [row] = await claimJobs(db, TABLE, {
    ready: sql`kind = 'commit' and state = 'queued'`,
    take: sql`state = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now()`,
  });
  return row ? Number(row.id) : null;
}

/** Commits whose process stopped beating `staleSeconds` ago are queued again, or fail after MAX_ATTEMPTS. */
export async function recoverStaleCommits(db: Kysely<SpaceDatabase>, staleSeconds: number): Promise<void> {
  await takeBackStale(db, TABLE, {
    stale: sql`kind = 'commit' and ${running} and ${silentFor('heartbeat_at', staleSeconds)}`,
    maxAttempts: MAX_ATTEMPTS,
    requeue: sql`state = 'queued'`,
    giveUp: sql`state = 'failed', finished_at = now(), error_reason = ${INTERRUPTED}, updated_at = now()`,
  });
}

type Step = 'more' | 'end' | 'stop';

/** One batch after the run's cursor, in one transaction. */
export async function commitBatch(db: Kysely<SpaceDatabase>, model: Model, runId: number, context: Awaited<ReturnType<typeof yearContext>>): Promise<Step> {
  return db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom(TABLE).select(['state', 'cursor', 'done', 'totals', 'created_by', 'run_date']).where('id', '=', runId).forUpdate().executeTakeFirstOrThrow();
    if (run.state !== 'running') return 'stop';
    await lockYear(trx, Number(context.debtType.id), context.year);
    const rows = await registrationsToClassify(trx, context, { after: Number(run.cursor), limit: batchRows() });
    if (rows.length === 0) {
      await trx.updateTable(TABLE).set({ state: 'done', total: sql`greatest(total, done)`, finished_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', runId).execute();
      return 'end';
    }
    const classified = rows.map((registration) => ({ registration, result: classifyOn(registration, context) }));
    const toBill = classified.filter(({ result }) => result.class === 'billed' || result.class === 'proportional');
    await billAnnuities(trx, model, context, toBill, { origin: ORIGIN.generation, postingDate: dateText(run.run_date), userId: run.created_by == null ? null : Number(run.created_by) });
    const before = (typeof run.totals === 'string' ? JSON.parse(run.totals) : run.totals) as Totals;
    const totals = addToTotals({ registrations: before.registrations ?? 0, lines: before.lines ?? [] }, classified);
    await trx.updateTable(TABLE)
      .set({ cursor: rows.at(-1)!.id, done: run.done + rows.length, totals: JSON.stringify(totals), heartbeat_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', runId).execute();
    return 'more';
  });
}

/** Commits run `runId` from its cursor to the end (or until the process stops). */
export async function runCommit(db: Kysely<SpaceDatabase>, model: Model, runId: number, signal: AbortSignal): Promise<void> {
  const run = await db.selectFrom(TABLE).select(['year', 'run_date']).where('id', '=', runId).executeTakeFirstOrThrow();
  try {
    const context = await yearContext(db, model, run.year, dateText(run.run_date));
    for (;;) {
      if (signal.aborted) return;
      try {
        if ((await commitBatch(db, model, runId, context)) !== 'more') return;
      } catch (error) {
        // The unique index refused a row another writer billed meanwhile: the batch is read again.
        if (!(error instanceof BilledMeanwhile)) throw error;
      }
    }
  } catch (error) {
    // A refusal of the rules (a setting without configuration) ends the run; anything else is retried by the queue.
    if (!(error instanceof AppError)) throw error;
    const reason = Object.values(error.errors ?? {}).flat()[0] ?? error.message;
    await db.updateTable(TABLE).set({ state: 'failed', error_reason: reason, finished_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', runId).where('state', '=', 'running').execute();
  }
}

/**
 * The generation's job every process runs (through the core scheduler): each turn, in each space open
 * here, commits whose process died are queued again, then the queued ones are committed in turn.
 */
export function generationJob(app: FastifyInstance, model: Model, options: { intervalMs: number; staleSeconds: number }): JobDefinition {
  return {
    name: 'receivables-generation',
    intervalMs: options.intervalMs,
    onError: (error) => app.log.error({ err: error }, 'falha na fila de geração de anuidades'),
    async run(signal) {
      for (const space of await app.openSpaces()) {
        try {
          await recoverStaleCommits(space.db, options.staleSeconds);
          for (let id = await claimCommit(space.db); id !== null && !signal.aborted; id = await claimCommit(space.db)) {
            await runCommit(space.db, model, id, signal).catch((error) => app.log.error({ err: error, generationId: id }, 'falha na geração de anuidades'));
          }
        } catch (error) {
          app.log.error({ err: error }, 'falha na fila de geração de anuidades');
        } finally {
          space.release();
        }
      }
    },
  };
}
