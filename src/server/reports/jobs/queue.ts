/**
 * A report is its own job: its row's `status` is the queue (1 Aguardando, 2 Imprimindo, 3 Impresso,
 * 4 Erros). A process takes a waiting report with one statement that skips rows another process holds
 * (`for update skip locked`), so each report is printed once whatever the number of processes; a
 * report whose process stopped beating is waited for again, at most `MAX_ATTEMPTS` times.
 */
import { sql, type Kysely } from 'kysely';

export const REPORT_STATUS = { waiting: 1, printing: 2, printed: 3, failed: 4 } as const;

/** Heavy designs (processing complexity 3) have a lane of their own, so they never hold up the others. */
export type Lane = 'light' | 'heavy';
const HEAVY = 3;

export const MAX_ATTEMPTS = 3;
export const INTERRUPTED = `A impressão foi interrompida ${MAX_ATTEMPTS} vezes; gere o relatório novamente.`;

/** Takes the oldest waiting report of the lane (status 2, this attempt counted); null when none waits. */
export async function claimNext(db: Kysely<any>, lane: Lane): Promise<number | null> {
  const complexity = lane === 'heavy' ? sql`d.processing_complexity = ${HEAVY}` : sql`d.processing_complexity <> ${HEAVY}`;
  const { rows } = await sql<{ id: string }>`
    update reports set status = ${REPORT_STATUS.printing}, started_at = now(), heartbeat_at = now(), attempts = attempts + 1
     where id = (select r.id from reports r join report_design_types d on d.id = r.report_design_type_id
                  where r.status = ${REPORT_STATUS.waiting} and ${complexity}
                  order by r.id limit 1 for update of r skip locked)
       and status = ${REPORT_STATUS.waiting}
    returning id`.execute(db);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Says the report is still being printed by a live process. */
export async function beat(db: Kysely<any>, id: number): Promise<void> {
  await sql`update reports set heartbeat_at = now() where id = ${id} and status = ${REPORT_STATUS.printing}`.execute(db);
}

/**
 * Reports whose process stopped beating `staleSeconds` ago wait again, or end in 4 after
 * `MAX_ATTEMPTS`; answers the ids that ended in 4.
 */
export async function recoverStale(db: Kysely<any>, staleSeconds: number): Promise<number[]> {
  const stale = sql`status = ${REPORT_STATUS.printing} and heartbeat_at < now() - make_interval(secs => ${staleSeconds})`;
  await sql`update reports set status = ${REPORT_STATUS.waiting} where ${stale} and attempts < ${MAX_ATTEMPTS}`.execute(db);
  const { rows } = await sql<{ id: string }>`
    update reports set status = ${REPORT_STATUS.failed}, finished_at = now(), error_reason = ${INTERRUPTED}, updated_at = now()
     where ${stale} and attempts >= ${MAX_ATTEMPTS} returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}
