import { defineFeature } from '../../core/feature.js';
import { designParameterModules } from './design-parameters.js';
import { engineFor } from './engines.js';
import { systemDocumentTypes } from './jobs/document.js';
import { reportRequests } from './jobs/hooks.js';
import { reportRoutes } from './jobs/routes.js';
import { printReport } from './jobs/runner.js';
import { reportJob } from './jobs/scheduler.js';

/**
 * Reports (spec 000): asking for one is generating it; every process prints waiting reports in the
 * background (each once), and the report answers its file, name and history once printed. The
 * engines are those of `engines.ts` (the built-in one, and a JasperReports Server over its REST API). `REPORT_INTERVAL_MS` sets how often a process looks for work.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  migrations: [new URL('migrations', import.meta.url)],
  permissions: [{ name: 'report.generate', label: 'Relatórios — gerar', area: 'relatorios' }],
}, async (app, { model, config }) => {
  if (!model.byModule.has('relatorio')) return;
  app.resources.hooks('relatorio', reportRequests);
  if (model.byModule.has('tipo_documento')) app.resources.hooks('tipo_documento', systemDocumentTypes);
  if (model.byModule.has('tipo_design_relatorio')) app.resources.hooks('tipo_design_relatorio', designParameterModules);
  await app.register(reportRoutes, { model });

  const job = app.scheduler.add(reportJob({
    intervalMs: config.reportIntervalMs,
    spaces: () => app.openSpaces(),
    now: () => app.clock.now(),
    nudge: () => job.nudge(),
    print: async (space, id, signal) => {
      const files = app.resources.filesOfSpace({ name: space.name, isDefault: space.isDefault === true, db: space.db });
      if (!files) throw new Error('No storage keeps the reports\' files.');
      await printReport(space.db, id, { model, files, signal, engineFor: (settings) => engineFor(settings), now: () => app.clock.now(), log: (error, reportId) => app.log.error({ err: error, reportId }, 'falha ao gerar relatório') });
    },
    onError: (error) => app.log.error({ err: error }, 'falha na fila de relatórios'),
  }));
  // A report asked for here is taken at once, not at the next turn.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && reply.statusCode === 201 && /^\/api\/(rest\/)?relatorio\/?(\?|$)/.test(request.url)) job.nudge();
  });
});
