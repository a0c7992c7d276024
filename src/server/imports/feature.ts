import { defineFeature } from '../feature.js';
import { claimImport, recoverStaleImports, runImport } from './job.js';
import { importRoutes } from './routes.js';

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
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> | null = null;
  let again = false;

  const runTurn = async () => {
    for (const space of await app.openSpaces()) {
      try {
        await recoverStaleImports(space.db, staleSeconds);
        for (let id = await claimImport(space.db); id !== null && !stopping.signal.aborted; id = await claimImport(space.db)) {
          const files = app.resources.filesOfSpace({ name: space.name, isDefault: space.isDefault === true, db: space.db });
          await runImport(space.db, id, {
            model,
            signal: stopping.signal,
            contextOf: (entity, userId) => ({ model, userId, hooks: app.resources.hooksOf(entity.module), files, attachments: app.resources.attachments, comboParams: (module) => app.resources.comboParamsOf(module) }),
          }).catch((error) => app.log.error({ err: error, importId: id }, 'falha ao importar planilha'));
        }
      } catch (error) {
        app.log.error({ err: error }, 'falha na fila de importações');
      } finally {
        space.release();
      }
    }
  };
  const schedule = (delay: number) => {
    if (stopping.signal.aborted) return;
    if (turn) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      turn = runTurn()
        .catch((error) => app.log.error({ err: error }, 'falha na fila de importações'))
        .finally(() => {
          turn = null;
          const next = again ? 0 : intervalMs;
          again = false;
          schedule(next);
        });
    }, delay);
  };

  await app.register(importRoutes, { model, nudge: () => schedule(0) });
  app.addHook('onReady', async () => schedule(0));
  app.addHook('onClose', async () => {
    stopping.abort();
    clearTimeout(timer);
    await turn;
  });
});
