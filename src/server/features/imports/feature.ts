import { defineFeature } from '../../core/feature.js';
import { importRoutes } from './routes.js';
import { importJob } from './turn.js';

/**
 * Spreadsheet imports of every module people create records of (docs/IMPORTS.md): the template,
 * the upload and its mapping, the dry run, and the commit, which every process runs in the
 * background (each import taken by one process; one whose process died is taken again and resumes).
 * `IMPORT_INTERVAL_MS` sets how often a process looks for queued imports, `IMPORT_STALE_SECONDS`
 * how long an import's silent process is waited for.
 */
export const importsFeature = defineFeature({ name: 'imports', migrations: [new URL('migrations', import.meta.url)] }, async (app, { model }) => {
  if (!model.byModule.has('usuarios')) return;
  const intervalMs = Number(process.env.IMPORT_INTERVAL_MS ?? 1_000);
  const staleSeconds = Number(process.env.IMPORT_STALE_SECONDS ?? 30);
  const job = app.scheduler.add(importJob(app, model, { intervalMs, staleSeconds }));

  await app.register(importRoutes, { model, nudge: () => job.nudge() });
});
