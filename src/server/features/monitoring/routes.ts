import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { requirePlatformPermission } from '../platform/access.js';
import { platformOf } from '../platform/platform-db.js';
import { parseId } from '../../core/resources/read.js';
import { checkMonitorNow, monitorsByStatus } from './monitor-actions.js';
import { monitorSettingsFromEnv, type MonitorSettings } from './settings.js';

export interface MonitorRoutesOptions {
  model: Model;
  /** Default: read from the environment. */
  settings?: MonitorSettings;
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
    return { data: await monitorsByStatus(platformOf(request), view), monitor_response_time_limit: settings.responseTimeLimitMs };
  });

  app.post<{ Params: { id: string } }>('/api/monitores/:id/check', async (request) => {
    requirePlatformPermission(request, ['monitor.update']);
    const id = parseId(request.params.id);
    return { data: await checkMonitorNow(platformOf(request), id, view, { failureThreshold: settings.failureThreshold }) };
  });
}
