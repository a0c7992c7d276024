import { defineFeature } from '../../core/feature.js';
import { spaceHeartbeats, systemHeartbeats } from './heartbeat-hooks.js';
import { monitorRoutes } from './routes.js';
import { monitorUrlRule } from './url-rule.js';

/**
 * Uptime monitors: a monitor's address passes the outbound guard, each space and system has a
 * heartbeat monitor that follows it, and the grid's routes. The scheduler is started by main.ts.
 */
export const monitoringFeature = defineFeature({
  name: 'monitoring',
  permissions: [{ name: 'monitor.insert', label: 'Monitor — incluir', area: 'sistema' }],
}, async (app, { model }) => {
  app.resources.hooks('monitores', monitorUrlRule);
  app.resources.hooks('clientes', spaceHeartbeats);
  app.resources.hooks('sistemas', systemHeartbeats);
  await app.register(monitorRoutes, { model });
});
