import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity, Model, Operation } from '../../../generator/language/index.js';
import { entityPermission, type ResourceAction } from '../auth/permissions.js';
import { AppError, badRequest, notFound } from '../http/app-error.js';
import { spaceOf } from '../http/space.js';
import { requireModuleAccess } from '../platform/access.js';
import { databaseOf } from '../platform/platform-db.js';
import { OPEN_LISTS, platformRoutes } from '../platform/routes.js';
import { listCombos } from './combos.js';
import { deleteRecord, deleteRecords } from './delete.js';
import { listRecords } from './list.js';
import { findRecord, parseId } from './read.js';
import type { WriteContext } from './context.js';
import { entityTag, expectedVersion } from './versions.js';
import { createRecord, updateRecord } from './write.js';

type Params = { id: string; ids: string; mode: string };

export const NOT_OFFERED = 'Operação não permitida neste cadastro.';

/** Most records one `multiple_delete` removes (a whole page of the longest list, twice over). */
export const MAX_DELETE_IDS = 1000;

/** `ETag` naming the version of a record (its `updated_at`), for a later `If-Match`. */
const versionHeader = (record: Record<string, unknown>): Record<string, string> => {
  const tag = entityTag(record.updated_at);
  return tag ? { etag: tag } : {};
};

/** The generic REST resource every entity of the model gets under `/api/{module}`. */
export async function resourceRoutes(app: FastifyInstance, options: { model: Model }) {
  const { model } = options;
  /**
   * The caller may run this operation: the module offers it (else 405, whoever asks) and the
   * caller holds one of the actions' permissions (else 403).
   */
  const allow = (request: FastifyRequest, entity: Entity, operation: Operation, ...actions: ResourceAction[]) => {
    if (!entity.operations[operation]) throw new AppError(405, NOT_OFFERED);
    const names = actions.map((action) => entityPermission(entity, action));
    // The spec names some insert permissions `<permission>.insert` (monitor.insert); either name allows it.
    if (operation === 'create' && actions.includes('store')) names.push(`${entity.permission}.insert`);
    const session = requireModuleAccess(request, entity, names);
    // The audit rows of the platform database name users of the default space only (its users table).
    const foreignUser = entity.database === 'platform' && spaceOf(request).isDefault === false;
    const spaces = (request.server as { spaces?: WriteContext['spaces'] }).spaces ?? null;
    return { db: databaseOf(request, entity.database), context: { model, userId: foreignUser ? null : session.user.id, spaces } as WriteContext };
  };

  await platformRoutes(app);
  for (const entity of model.entities) {
    const base = `/api/${entity.module}`;

    const openList = OPEN_LISTS[entity.module];
    app.get(base, async (request) => {
      if (openList) return openList(request, entity);
      return listRecords(allow(request, entity, 'list', 'index').db, entity, request.query as Record<string, unknown>);
    });

    app.get(`${base}/combos`, async (request) => ({
      data: await listCombos(allow(request, entity, 'list', 'index', 'show').db, entity, request.query as Record<string, unknown>),
    }));

    app.get<{ Params: Params }>(`${base}/:id`, async (request, reply) => {
      const data = await findRecord(allow(request, entity, 'show', 'show').db, entity, parseId(request.params.id));
      return reply.headers(versionHeader(data)).send({ data });
    });

    app.post(base, async (request, reply) => {
      const insert: ResourceAction[] = entity.insertPermission === 'admin' ? [] : ['store'];
      const { db, context } = allow(request, entity, 'create', ...insert);
      const data = await createRecord(db, entity, request.body, context);
      return reply.status(201).headers(versionHeader(data)).send({ data, ...context.answer });
    });

    app.put<{ Params: Params }>(`${base}/:id`, async (request, reply) => {
      const { db, context } = allow(request, entity, 'update', 'update');
      const id = parseId(request.params.id);
      const expected = expectedVersion(request.headers['if-match'], request.body);
      const data = await updateRecord(db, entity, id, request.body, context, expected);
      return reply.headers(versionHeader(data)).send({ data, ...context.answer });
    });

    app.delete<{ Params: Params }>(`${base}/:id`, async (request) => {
      const { db, context } = allow(request, entity, 'delete', 'destroy');
      await deleteRecord(db, entity, parseId(request.params.id), context);
      return { message: 'Registro excluído com sucesso.', ...context.answer };
    });

    app.delete<{ Params: Params }>(`${base}/multiple_delete/:ids`, async (request) => {
      const { db, context } = allow(request, entity, 'delete', 'destroy');
      const ids = request.params.ids.split(',').filter(Boolean);
      if (ids.length > MAX_DELETE_IDS) throw badRequest(`É possível excluir no máximo ${MAX_DELETE_IDS.toLocaleString('pt-BR')} registros de uma vez.`);
      await deleteRecords(db, entity, ids.map(parseId), context);
      return { message: 'Registros excluídos com sucesso.', ...context.answer };
    });

    app.get<{ Params: Params }>(`/api/rules/${entity.module}/:mode`, async (request) => {
      const mode = request.params.mode;
      if (mode !== 'create' && mode !== 'edit') throw notFound();
      if (mode === 'create') allow(request, entity, 'create', 'store');
      else allow(request, entity, 'update', 'update');
      return { data: entity.rules[mode] };
    });
  }
}
