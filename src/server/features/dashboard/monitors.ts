import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../generated/database.js';
import { MONITORS_TABLE } from '../monitoring/monitor-store.js';
import { UPTIME_STATUSES, uptimeStatusOrderSql } from '../monitoring/monitor-state.js';

export interface MonitorSummary {
  total: number;
  by_status: Record<string, number>;
  /** The monitors that need a look (down, then warning), at most `limit`. */
  attention: { id: number; service_name: string; system_name: string; url: string; uptime_status: string; uptime_check_failure_reason: string | null }[];
}

/** The monitors at a glance: how many in each status and which are not up. */
export async function summariseMonitors(db: Kysely<PlatformDatabase>, limit = 10): Promise<MonitorSummary> {
  const counts = await db.selectFrom(MONITORS_TABLE).select(['uptime_status', sql<number>`count(*)::int`.as('n')]).groupBy('uptime_status').execute();
  const by_status: Record<string, number> = Object.fromEntries(UPTIME_STATUSES.map((status) => [status, 0]));
  for (const row of counts) by_status[row.uptime_status] = Number(row.n);
  const attention = await db
    .selectFrom(MONITORS_TABLE)
    .select(['id', 'service_name', 'system_name', 'url', 'uptime_status', 'uptime_check_failure_reason'])
    .where('uptime_status', 'in', ['down', 'warning'])
    .orderBy(uptimeStatusOrderSql())
    .orderBy('service_name')
    .limit(limit)
    .execute();
  return {
    total: Object.values(by_status).reduce((sum, n) => sum + n, 0),
    by_status,
    attention: attention.map((row) => ({ ...row, id: Number(row.id) })),
  };
}
