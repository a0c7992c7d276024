import type { Kysely, Updateable } from 'kysely';
import type { MonitorsTable, PlatformDatabase } from '../../../../generated/database.js';
import { MONITORS_TABLE } from './monitor-store.js';

/**
 * Heartbeat monitors: a space with `monitor_active` has one monitor watching its system, found by
 * `service_name` = the space's tenant_name (unique on the platform) and kept in step with the space:
 *   url          = `http://{system url}:{heartbeat_port}/api/health` (the system url may carry its own
 *                  scheme or path; without a heartbeat_port the scheme's port is used)
 *   system_name  = the system's name
 * A space turned off (monitor_active false), removed, or without a system url leaves its monitor
 * marked 'deleted' (kept, no longer checked); turned on again, it starts over as 'not yet checked'.
 */

export interface SpaceForHeartbeat {
  tenant_name: string;
  monitor_active: boolean | null;
  heartbeat_port: number | string | null;
  system_id: number | string | null;
}

/** @example heartbeatUrl('conselho.org.br', 8443) // 'http://conselho.org.br:8443/api/health' */
export function heartbeatUrl(systemUrl: string | null | undefined, port: number | string | null | undefined): string | null {
  const text = systemUrl?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return null;
  }
  if (port !== null && port !== undefined && String(port).trim() !== '') url.port = String(port).trim();
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/health`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

const STARTS_OVER = {
  uptime_status: 'not yet checked',
  uptime_check_failure_reason: null,
  uptime_check_times_failed_in_a_row: 0,
  uptime_last_check_date: null,
  uptime_check_failed_event_fired_on_date: null,
} satisfies Updateable<MonitorsTable>;

/** Creates, updates or marks deleted the heartbeat monitor of one space. */
export async function syncSpaceHeartbeat(db: Kysely<PlatformDatabase>, space: SpaceForHeartbeat): Promise<void> {
  const system = space.system_id
    ? await db.selectFrom('systems').select(['name', 'url']).where('id', '=', Number(space.system_id)).executeTakeFirst()
    : undefined;
  const url = space.monitor_active ? heartbeatUrl(system?.url, space.heartbeat_port) : null;
  if (!url) return markHeartbeatDeleted(db, space.tenant_name);
  const now = new Date();
  const existing = await db.selectFrom(MONITORS_TABLE).select(['id', 'url', 'uptime_status']).where('service_name', '=', space.tenant_name).executeTakeFirst();
  const systemName = String(system?.name ?? space.tenant_name);
  if (!existing) {
    await db.insertInto(MONITORS_TABLE).values({ url, service_name: space.tenant_name, system_name: systemName, uptime_check_enabled: true }).execute();
    return;
  }
  const startsOver = existing.uptime_status === 'deleted' || existing.url !== url;
  await db
    .updateTable(MONITORS_TABLE)
    .set({ url, system_name: systemName, uptime_check_enabled: true, updated_at: now, ...(startsOver ? { ...STARTS_OVER, uptime_status_last_change_date: now } : {}) })
    .where('id', '=', existing.id)
    .execute();
}

/** The space's heartbeat monitor, if any, is kept but no longer checked. */
export async function markHeartbeatDeleted(db: Kysely<PlatformDatabase>, tenantName: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable(MONITORS_TABLE)
    .set({ uptime_status: 'deleted', uptime_status_last_change_date: now, updated_at: now })
    .where('service_name', '=', tenantName)
    .where('uptime_status', '<>', 'deleted')
    .execute();
}

/** Every space of a system follows a change of the system's name or url. */
export async function syncSystemHeartbeats(db: Kysely<PlatformDatabase>, systemId: number): Promise<void> {
  const spaces = await db
    .selectFrom('tenant_configs')
    .select(['tenant_name', 'monitor_active', 'heartbeat_port', 'system_id'])
    .where('system_id', '=', systemId)
    .execute();
  for (const space of spaces) await syncSpaceHeartbeat(db, space);
}
