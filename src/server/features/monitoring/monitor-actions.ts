import type { Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { PlatformDatabase } from '../../../../generated/database.js';
import type { Entity } from '../../../../language/index.js';
import { AppError, notFound } from '../../core/http/app-error.js';
import { readableColumns } from '../../core/resources/fields.js';
import { findRecord } from '../../core/resources/read.js';
import { findMonitor, listMonitorsByStatus } from './monitor-store.js';
import { checkNow, type MonitorRunOptions } from './scheduler.js';

export const MONITOR_DELETED_MESSAGE = 'Este monitor está marcado como excluído e não é mais verificado.';

/**
 * What the API shows of the monitors: the schema's readable columns when the `monitores` module
 * exists (the same shape as `GET /api/monitores/{id}`), every column otherwise.
 */
export interface MonitorView {
  entity?: Entity;
}

/** `GET /api/monitores/status`: all monitors in the grid's status order. */
export async function monitorsByStatus(db: Kysely<PlatformDatabase>, view: MonitorView) {
  return listMonitorsByStatus(db, view.entity ? readableColumns(view.entity.fields) : undefined);
}

/** `POST /api/monitores/{id}/check`: one check at once, whether due or not; returns the monitor after it. */
export async function checkMonitorNow(db: Kysely<PlatformDatabase>, id: number, view: MonitorView, options: MonitorRunOptions) {
  const monitor = await findMonitor(db, id);
  if (!monitor) throw notFound();
  if (monitor.uptime_status === 'deleted') throw new AppError(422, MONITOR_DELETED_MESSAGE);
  const checked = await checkNow(db, id, options);
  if (!checked) throw notFound();
  return view.entity ? findRecord(dynamic(db), view.entity, id) : checked;
}
