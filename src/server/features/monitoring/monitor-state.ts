import { sql, type RawBuilder } from 'kysely';
import type { CheckResult } from './check.js';

/** The uptime statuses in the grid's sort order. */
export const UPTIME_STATUSES = ['deleted', 'not yet checked', 'down', 'warning', 'up'] as const;
export type UptimeStatus = (typeof UPTIME_STATUSES)[number];

/** Consecutive failures before a monitor is down. */
export const DEFAULT_FAILURE_THRESHOLD = 2;

/** The columns a check reads from a monitor row. */
export interface MonitorStateRow {
  uptime_status: string;
  uptime_check_times_failed_in_a_row: number;
  uptime_status_last_change_date: Date | string | null;
  uptime_check_failed_event_fired_on_date: Date | string | null;
}

/** The columns a check writes. */
export interface MonitorCheckPatch {
  uptime_status: UptimeStatus;
  uptime_check_failure_reason: string | null;
  uptime_check_times_failed_in_a_row: number;
  uptime_status_last_change_date: Date | string | null;
  uptime_last_check_date: Date;
  uptime_check_failed_event_fired_on_date: Date | string | null;
  uptime_check_last_response_time: number;
  json_response: CheckRecord;
}

/** What json_response keeps of the last check. */
export interface CheckRecord {
  outcome: CheckResult['outcome'];
  status: number | null;
  response_time_ms: number;
  reason: string | null;
  body_snippet: string | null;
  final_url: string | null;
  checked_at: string;
}

/**
 * The new column values after a check. Success: up or warning, failures reset. Failure: the count
 * grows and the reason is kept, but the status turns 'down' only at the threshold, so a single
 * hiccup changes nothing a person sees. The last-change date moves only when the status changes;
 * the failed-event date is stamped when the monitor goes down and cleared when it comes back.
 */
export function nextMonitorState(
  monitor: MonitorStateRow,
  result: CheckResult,
  checkedAt: Date,
  failureThreshold = DEFAULT_FAILURE_THRESHOLD,
): MonitorCheckPatch {
  const previous = monitor.uptime_status as UptimeStatus;
  let status: UptimeStatus;
  let failures: number;
  let failedEventDate = monitor.uptime_check_failed_event_fired_on_date;
  if (result.ok) {
    status = result.outcome === 'warning' ? 'warning' : 'up';
    failures = 0;
    failedEventDate = null;
  } else {
    failures = (monitor.uptime_check_times_failed_in_a_row ?? 0) + 1;
    status = failures >= failureThreshold ? 'down' : previous;
    if (status === 'down' && previous !== 'down') failedEventDate = checkedAt;
  }
  return {
    uptime_status: status,
    uptime_check_failure_reason: result.ok ? (result.reason ?? null) : (result.reason ?? 'Falha na verificação.'),
    uptime_check_times_failed_in_a_row: failures,
    uptime_status_last_change_date: status !== previous ? checkedAt : monitor.uptime_status_last_change_date,
    uptime_last_check_date: checkedAt,
    uptime_check_failed_event_fired_on_date: failedEventDate,
    uptime_check_last_response_time: result.responseTimeMs,
    json_response: {
      outcome: result.outcome,
      status: result.status,
      response_time_ms: result.responseTimeMs,
      reason: result.reason ?? null,
      body_snippet: result.bodySnippet ?? null,
      final_url: result.finalUrl ?? null,
      checked_at: checkedAt.toISOString(),
    },
  };
}

/** Sorts statuses as the grid does: deleted, not yet checked, down, warning, up (unknown last). */
export function compareUptimeStatus(a: string, b: string): number {
  return statusRank(a) - statusRank(b);
}

function statusRank(status: string): number {
  const index = (UPTIME_STATUSES as readonly string[]).indexOf(status);
  return index === -1 ? UPTIME_STATUSES.length : index;
}

/** ORDER BY expression for the grid order, e.g. `.orderBy(uptimeStatusOrderSql())`. */
export function uptimeStatusOrderSql(column = 'uptime_status'): RawBuilder<number> {
  const cases = UPTIME_STATUSES.map((status, index) => sql`when ${sql.lit(status)} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.ref(column)} ${sql.join(cases, sql` `)} else ${sql.lit(UPTIME_STATUSES.length)} end`;
}
