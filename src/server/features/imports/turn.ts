import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import type { JobDefinition } from '../../core/scheduler/scheduler.js';
import { claimImport, recoverStaleImports, runImport } from './job.js';

/**
 * The imports' job every process runs (through the core scheduler): each turn, in each space open
 * here, imports whose process died are queued again, then the queued ones are committed one after
 * the other.
 */
export function importJob(app: FastifyInstance, model: Model, options: { intervalMs: number; staleSeconds: number }): JobDefinition {
  return {
    name: 'imports',
    intervalMs: options.intervalMs,
    onError: (error) => app.log.error({ err: error }, 'falha na fila de importações'),
    async run(signal) {
      for (const space of await app.openSpaces()) {
        try {
          await recoverStaleImports(space.db, options.staleSeconds);
          for (let id = await claimImport(space.db); id !== null && !signal.aborted; id = await claimImport(space.db)) {
            const files = app.resources.filesOfSpace({ name: space.name, isDefault: space.isDefault === true, db: space.db });
            await runImport(space.db, id, {
              model,
              signal,
              contextOf: (entity, userId) => ({ ...app.resources.writeContext(model, entity.module, userId), files }),
            }).catch((error) => app.log.error({ err: error, importId: id }, 'falha ao importar planilha'));
          }
        } catch (error) {
          app.log.error({ err: error }, 'falha na fila de importações');
        } finally {
          space.release();
        }
      }
    },
  };
}
