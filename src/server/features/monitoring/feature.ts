import { defineFeature } from '../../core/feature.js';
import { spaceHeartbeats, systemHeartbeats } from './heartbeat-hooks.js';
import { monitorRoutes } from './routes.js';
import { monitorJob } from './scheduler.js';
import { monitorSettingsFromEnv } from './settings.js';
import { monitorUrlRule } from './url-rule.js';

/**
 * Uptime monitors: a monitor's address passes the outbound guard, each space and system has a
 * heartbeat monitor that follows it, and the grid's routes. A process that holds the platform's
 * directory of spaces checks the monitors as they fall due (MONITOR_INTERVAL_MS and the other settings
 * of ./settings.ts); the claim in the database makes each due check run once whatever runs it.
 */
export const monitoringFeature = defineFeature({
  name: 'monitoring',
  permissions: [{ name: 'monitor.insert', label: 'Monitor — incluir', area: 'sistema' }],
}, async (app, { model }) => {
  app.resources.hooks('monitores', monitorUrlRule);
  app.resources.hooks('clientes', spaceHeartbeats);
  app.resources.hooks('sistemas', systemHeartbeats);
  await app.register(monitorRoutes, { model });
  if (!app.hasDecorator('spaces')) return;
  app.scheduler.add(monitorJob(app.spaces.platform, {
    ...monitorSettingsFromEnv(),
    now: () => new Date(app.clock.now()),
    onError: (error) => app.log.error({ err: error }, 'falha na verificação dos monitores'),
  }));
});
