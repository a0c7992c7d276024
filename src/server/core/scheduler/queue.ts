/**
 * A table whose rows are jobs, each taken by one process whatever the number of processes: a
 * statement takes ready rows skipping those another process is taking (`for update skip locked`),
 * counts the attempt (`attempts`) and marks them taken; the process beats while it works; rows
 * whose process went silent are taken back (ready again), or given up once out of attempts. Each
 * table says what its states are: these helpers hold the statements, not the states.
 */
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';

type Condition = RawBuilder<unknown>;

export interface ClaimOptions {
  /** The rows that may be taken (unqualified columns of the table). */
  ready: Condition;
  /** What taking a row sets, beside counting its attempt. */
  take: Condition;
  /** Rows taken at most by one call (default 1), the oldest first. */
  limit?: number;
  /** What the call answers of each row taken (default its id). */
  returning?: Condition;
}

/**
 * Takes up to `limit` ready rows for this process (their attempt counted) and answers them; none
 * when no row is ready or other processes hold them all.
 * @example await claimJobs(db, 'imports', { ready: sql`status = 'queued'`, take: sql`status = 'running'` })
 */
export async function claimJobs<Row = { id: string }>(db: QueryExecutorProvider, table: string, options: ClaimOptions): Promise<Row[]> {
  const { ready, take, limit = 1, returning = sql`id` } = options;
  // The ids are chosen once (an array is computed before the update, where `id in (…)` may be planned
  // as a join that runs the choice again for each row and takes more than the limit); the outer
  // condition checks each row again once locked: a row another process changed meanwhile is left alone.
  const { rows } = await sql<Row>`
    update ${sql.table(table)} set ${take}, attempts = attempts + 1
     where id = any(array(select id from ${sql.table(table)} where ${ready} order by id limit ${limit} for update skip locked))
       and ${ready}
    returning ${returning}`.execute(db);
  return rows;
}

/**
 * Says a taken row is still worked on by a live process (`heartbeat_at = now()`), while `working` holds.
 */
export async function beatJob(db: QueryExecutorProvider, table: string, id: number, working: Condition): Promise<void> {
  await sql`update ${sql.table(table)} set heartbeat_at = now() where id = ${id} and ${working}`.execute(db);
}

/** Rows whose `column` is older than `seconds` on the database's clock. */
export const silentFor = (column: string, seconds: number): Condition => sql`${sql.ref(column)} < now() - make_interval(secs => ${seconds})`;

export interface StaleOptions {
  /** The rows whose process is presumed dead. */
  stale: Condition;
  /** Tries a row gets. */
  maxAttempts: number;
  /** What makes a stale row with attempts left ready again; absent when the claim itself takes stale rows. */
  requeue?: Condition;
  /** What a stale row out of attempts is set to. */
  giveUp: Condition;
}

/** Takes back the stale rows: ready again while they have attempts left, else given up; answers the ids given up. */
export async function takeBackStale(db: QueryExecutorProvider, table: string, options: StaleOptions): Promise<number[]> {
  const { stale, maxAttempts, requeue, giveUp } = options;
  if (requeue) await sql`update ${sql.table(table)} set ${requeue} where ${stale} and attempts < ${maxAttempts}`.execute(db);
  const { rows } = await sql<{ id: string }>`update ${sql.table(table)} set ${giveUp} where ${stale} and attempts >= ${maxAttempts} returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}
