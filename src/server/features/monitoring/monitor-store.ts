import { sql, type Kysely, type Selectable } from 'kysely';
import type { MonitorsTable, PlatformDatabase } from '../../../../generated/database.js';
import type { CheckResult } from './check.js';
import { DEFAULT_FAILURE_THRESHOLD, nextMonitorState, uptimeStatusOrderSql } from './monitor-state.js';

/** The monitors table of the platform database. */
export const MONITORS_TABLE = 'monitors' as const;

/** A row of the monitors table (the spec's Monitor fields plus the implicit ones). */
export type MonitorRow = Selectable<MonitorsTable>;

/**
 * Claims the monitors due at `now` so that only one process checks each: the due rows are locked
 * with FOR UPDATE SKIP LOCKED (a row another process is claiming is skipped) and stamped with
 * `uptime_last_check_date = now` in the same transaction, so once it commits the row is no longer
 * due for anyone else (PostgreSQL re-checks the WHERE clause of a row updated meanwhile). The stamp
 * is the check's own date, so no extra column is needed; a process that dies mid-check just makes
 * that monitor wait one interval.
 */
export async function claimDueMonitors(db: Kysely<PlatformDatabase>, now: Date, limit: number): Promise<MonitorRow[]> {
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
    return trx
      .updateTable(MONITORS_TABLE)
      .set({ uptime_last_check_date: now })
      .where('id', 'in', due.map((row) => row.id))
      .returningAll()
      .execute();
  });
}

/**
 * Writes a check's outcome, computed on the row as it is now (locked), and returns the new row. The
 * outcome is no edit: `updated_at`, the version an edit form saves from, stays, so a check between
 * opening and saving a monitor does not refuse the save (the form writes none of these columns).
 */
export async function recordCheck(
  db: Kysely<PlatformDatabase>,
  id: number,
  result: CheckResult,
  checkedAt: Date,
  failureThreshold = DEFAULT_FAILURE_THRESHOLD,
): Promise<MonitorRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom(MONITORS_TABLE).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) return undefined;
    const patch = nextMonitorState(current, result, checkedAt, failureThreshold);
    return trx
      .updateTable(MONITORS_TABLE)
      .set({ ...patch, json_response: JSON.stringify(patch.json_response) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function findMonitor(db: Kysely<PlatformDatabase>, id: number): Promise<MonitorRow | undefined> {
  return db.selectFrom(MONITORS_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every monitor in the grid's order: deleted, not yet checked, down, warning, up; then by service and id. */
export async function listMonitorsByStatus(db: Kysely<PlatformDatabase>, columns?: readonly string[]): Promise<Record<string, unknown>[]> {
  const base = db.selectFrom(MONITORS_TABLE);
  const query = columns ? base.select(columns as (keyof MonitorsTable)[]) : base.selectAll();
  return query.orderBy(uptimeStatusOrderSql()).orderBy('service_name').orderBy('id').execute();
}
