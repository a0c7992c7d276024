import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Model } from '../../../generator/language/index.js';
import { spaceOf } from '../http/space.js';
import { requirePlatformPermission } from '../platform/access.js';
import { parseId } from '../resources/read.js';
import { checkMonitorNow, monitorsByStatus } from './monitor-actions.js';
import { monitorSettingsFromEnv, type MonitorSettings } from './settings.js';

export interface MonitorRoutesOptions {
  model: Model;
  /** Default: read from the environment. */
  settings?: MonitorSettings;
}

/** The monitors live in the platform database, whichever space the request comes from. */
function platformDb(request: FastifyRequest): Kysely<any> {
  const directory = (request.server as { spaces?: { platform: Kysely<any> } }).spaces;
  return directory?.platform ?? spaceOf(request).db;
}

/**
 * What the generic `monitores` resource cannot say: the grid in the status order with the response
 * time limit the grid compares with, and the check-now action.
 */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRoutesOptions) {
  const settings = options.settings ?? monitorSettingsFromEnv();
  const view = { entity: options.model.byModule.get('monitores') };

  app.get('/api/monitores/status', async (request) => {
    requirePlatformPermission(request, ['monitor.index']);
    return { data: await monitorsByStatus(platformDb(request), view), monitor_response_time_limit: settings.responseTimeLimitMs };
  });

  app.post<{ Params: { id: string } }>('/api/monitores/:id/check', async (request) => {
    requirePlatformPermission(request, ['monitor.update']);
    const id = parseId(request.params.id);
    return { data: await checkMonitorNow(platformDb(request), id, view, { failureThreshold: settings.failureThreshold }) };
  });
}
