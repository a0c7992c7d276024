/**
 * A report is its own job: its row's `status` is the queue (1 Aguardando, 2 Imprimindo, 3 Impresso,
 * 4 Erros). A process takes a waiting report with one statement that skips rows another process holds
 * (`for update skip locked`), so each report is printed once whatever the number of processes; a
 * report whose process stopped beating is waited for again, at most `MAX_ATTEMPTS` times.
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { beatJob, claimJobs, silentFor, takeBackStale } from '../../../core/scheduler/queue.js';

export const REPORT_STATUS = { waiting: 1, printing: 2, printed: 3, failed: 4 } as const;

/** Heavy designs (processing complexity 3) have a lane of their own, so they never hold up the others. */
export type Lane = 'light' | 'heavy';
const HEAVY = 3;

export const MAX_ATTEMPTS = 3;
export const INTERRUPTED = `A impressão foi interrompida ${MAX_ATTEMPTS} vezes; gere o relatório novamente.`;

const waiting = sql`status = ${REPORT_STATUS.waiting}`;
const printing = sql`status = ${REPORT_STATUS.printing}`;

/** Takes the oldest waiting report of the lane (status 2, this attempt counted); null when none waits. */
export async function claimNext(db: Kysely<SpaceDatabase>, lane: Lane): Promise<number | null> {
  const complexity = lane === 'heavy' ? sql`processing_complexity = ${HEAVY}` : sql`processing_complexity <> ${HEAVY}`;
  const [row] = await claimJobs(db, 'reports', {
    ready: sql`${waiting} and report_design_type_id in (select id from report_design_types where ${complexity})`,
    take: sql`status = ${REPORT_STATUS.printing}, started_at = now(), heartbeat_at = now()`,
  });
  return row ? Number(row.id) : null;
}

/** Says the report is still being printed by a live process. */
export async function beat(db: Kysely<SpaceDatabase>, id: number): Promise<void> {
  await beatJob(db, 'reports', id, printing);
}

/**
 * Reports whose process stopped beating `staleSeconds` ago wait again, or end in 4 after
 * `MAX_ATTEMPTS`; answers the ids that ended in 4.
 */
export async function recoverStale(db: Kysely<SpaceDatabase>, staleSeconds: number): Promise<number[]> {
  return takeBackStale(db, 'reports', {
    stale: sql`${printing} and ${silentFor('heartbeat_at', staleSeconds)}`,
    maxAttempts: MAX_ATTEMPTS,
    requeue: sql`status = ${REPORT_STATUS.waiting}`,
    giveUp: sql`status = ${REPORT_STATUS.failed}, finished_at = now(), error_reason = ${INTERRUPTED}, updated_at = now()`,
  });
}
