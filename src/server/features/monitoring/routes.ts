import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { dataAnswer, idParams, integer, recordOf } from '../../../shared/contracts/parts.js';
import { requirePlatformPermission } from '../platform/access.js';
import { platformOf } from '../platform/platform-db.js';
import { parseId } from '../../core/resources/read.js';
import { checkMonitorNow, monitorsByStatus } from './monitor-actions.js';
import { monitorSettingsFromEnv, type MonitorSettings } from './settings.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';

export interface MonitorRoutesOptions {
  model: Model;
  /** Default: read from the environment. */
  settings?: MonitorSettings;
}

const monitor = recordOf('Monitores');
const contracts = {
  status: {
    tags: ['monitores'],
    summary: 'Monitores na ordem da grade (excluído, ainda não verificado, fora do ar, alerta, no ar), com o tempo de resposta máximo (permissão `monitor.index`, espaço da plataforma)',
    response: { 200: { description: 'OK', type: 'object', properties: { data: { type: 'array', items: monitor }, monitor_response_time_limit: integer }, required: ['data', 'monitor_response_time_limit'] } },
    errors: ['401', '403'],
  },
  check: {
    tags: ['monitores'],
    summary: 'Verifica o monitor agora (permissão `monitor.update`, espaço da plataforma)',
    params: idParams,
    response: { 200: dataAnswer('O monitor após a verificação', monitor) },
    errors: ['401', '403', '404', '422'],
  },
} as const;

/**
 * What the generic `monitores` resource cannot say: the grid in the status order with the response
 * time limit the grid compares with, and the check-now action.
 */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRoutesOptions) {
  const settings = options.settings ?? monitorSettingsFromEnv();
  const view = { entity: options.model.byModule.get('monitores') };

  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/monitores/status', { schema: contracts.status }, async (request) => {
    requirePlatformPermission(request, ['monitor.index']);
    return { data: await monitorsByStatus(platformOf(request), view), monitor_response_time_limit: settings.responseTimeLimitMs };
  });

  routes.post('/api/monitores/:id/check', { schema: contracts.check }, async (request) => {
    requirePlatformPermission(request, ['monitor.update']);
    const id = parseId(request.params.id);
    return { data: await checkMonitorNow(platformOf(request), id, view, { failureThreshold: settings.failureThreshold }) };
  });
}
