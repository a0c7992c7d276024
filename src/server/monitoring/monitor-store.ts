import { sql, type Kysely } from 'kysely';
import type { CheckResult } from './check.js';
import { DEFAULT_FAILURE_THRESHOLD, nextMonitorState, uptimeStatusOrderSql } from './monitor-state.js';

/** The monitors table of the platform database. */
export const MONITORS_TABLE = 'monitors';

/** A row of the monitors table (the spec's Monitor fields plus the implicit ones). */
export interface MonitorRow {
  id: number;
  url: string;
  uptime_check_enabled: boolean;
  look_for_string: string | null;
  uptime_check_interval_in_minutes: number;
  uptime_check_method: string;
  /** Milliseconds. */
  response_time_limit: number | null;
  service_name: string;
  system_name: string;
  uptime_status: string;
  uptime_check_failure_reason: string | null;
  uptime_check_times_failed_in_a_row: number;
  uptime_status_last_change_date: Date | null;
  uptime_last_check_date: Date | null;
  uptime_check_failed_event_fired_on_date: Date | null;
  json_response: unknown;
  /** Milliseconds. */
  uptime_check_last_response_time: number | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Claims the monitors due at `now` so that only one process checks each: the due rows are locked
 * with FOR UPDATE SKIP LOCKED (a row another process is claiming is skipped) and stamped with
 * `uptime_last_check_date = now` in the same transaction, so once it commits the row is no longer
 * due for anyone else (PostgreSQL re-checks the WHERE clause of a row updated meanwhile). The stamp
 * is the check's own date, so no extra column is needed; a process that dies mid-check just makes
 * that monitor wait one interval.
 */
export async function claimDueMonitors(db: Kysely<any>, now: Date, limit: number): Promise<MonitorRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom(MONITORS_TABLE)
      .select('id')
      .where('uptime_check_enabled', '=', true)
      .where('uptime_status', '<>', 'deleted')
      .where((eb) =>
        eb.or([
          eb('uptime_last_check_date', 'is', null),
          eb('uptime_last_check_date', '<=', sql<Date>`${now}::timestamptz - make_interval(mins => coalesce(uptime_check_interval_in_minutes, 1))`),
        ]),
      )
      .orderBy(sql`uptime_last_check_date asc nulls first`)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return (await trx
      .updateTable(MONITORS_TABLE)
      .set({ uptime_last_check_date: now })
      .where('id', 'in', due.map((row) => row.id))
      .returningAll()
      .execute()) as MonitorRow[];
  });
}

/**
 * Writes a check's outcome, computed on the row as it is now (locked), and returns the new row. The
 * outcome is no edit: `updated_at`, the version an edit form saves from, stays, so a check between
 * opening and saving a monitor does not refuse the save (the form writes none of these columns).
 */
export async function recordCheck(
  db: Kysely<any>,
  id: number,
  result: CheckResult,
  checkedAt: Date,
  failureThreshold = DEFAULT_FAILURE_THRESHOLD,
): Promise<MonitorRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = (await trx.selectFrom(MONITORS_TABLE).selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) as
      | MonitorRow
      | undefined;
    if (!current) return undefined;
    const patch = nextMonitorState(current, result, checkedAt, failureThreshold);
    return (await trx
      .updateTable(MONITORS_TABLE)
      .set({ ...patch, json_response: JSON.stringify(patch.json_response) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as MonitorRow;
  });
}

export async function findMonitor(db: Kysely<any>, id: number): Promise<MonitorRow | undefined> {
  return (await db.selectFrom(MONITORS_TABLE).selectAll().where('id', '=', id).executeTakeFirst()) as MonitorRow | undefined;
}

/** Every monitor in the grid's order: deleted, not yet checked, down, warning, up; then by service and id. */
export async function listMonitorsByStatus(db: Kysely<any>, columns?: readonly string[]): Promise<Record<string, unknown>[]> {
  const base = db.selectFrom(MONITORS_TABLE);
  const query = columns ? base.select(columns as string[]) : base.selectAll();
  return query.orderBy(uptimeStatusOrderSql()).orderBy('service_name').orderBy('id').execute();
}
