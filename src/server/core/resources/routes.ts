import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { badRequest, notFound } from '../http/app-error.js';
import { checkBulkDelete, insertActions, listFor, operationAccess, showFor } from './access.js';
import { listCombos } from './combos.js';
import { deleteRecord, deleteRecords } from './delete.js';
import { exportFor } from './export.js';
import { MAX_BATCH_IDS } from './id-list.js';
import { parseId } from './read.js';
import { expectedVersion, versionHeaders } from './versions.js';
import { createRecord, updateRecord } from './write.js';

type Params = { id: string; ids: string; mode: string };

export { NO_BULK_DELETE, NOT_OFFERED } from './access.js';

/** Most records one `multiple_delete` removes: the cap of every list of ids (id-list.ts). */
export const MAX_DELETE_IDS = MAX_BATCH_IDS;


/**
 * The generic REST resource every entity of the model gets under `/api/{module}`, with what the
 * features registered in `app.resources` (registry.ts).
 */
export async function resourceRoutes(app: FastifyInstance, options: { model: Model }) {
  const { model } = options;
  const registry = app.resources;
  const allow = operationAccess(model, registry);
  // A module whose database no feature locates would fail on its first request: fail at start-up instead.
  app.addHook('onReady', async () => {
    for (const database of new Set(model.entities.map((entity) => entity.database))) registry.locatorOf(database);
    registry.checkExternal(model.entities);
  });

  for (const entity of model.entities) {
    const base = `/api/${entity.module}`;

    app.get(base, async (request) => listFor(allow, registry, request, entity, request.query as Record<string, unknown>));

    app.get(`${base}/export`, async (request, reply) => {
      const { headers, body } = await exportFor(allow, registry, model, request, entity, request.query as Record<string, unknown>);
      return reply.headers(headers).send(body);
    });

    app.get(`${base}/combos`, async (request) => listCombos(allow(request, entity, 'list', 'index', 'show').db, entity, request.query as Record<string, unknown>, registry.comboParamsOf(entity.module)));

    app.get<{ Params: Params }>(`${base}/:id`, async (request, reply) => {
      const data = await showFor(allow, registry, request, entity, parseId(request.params.id));
      return reply.headers(versionHeaders(data)).send({ data });
    });

    app.post(base, async (request, reply) => {
      const { db, context } = allow(request, entity, 'create', ...insertActions(entity));
      const data = await createRecord(db, entity, request.body, context);
      return reply.status(201).headers(versionHeaders(data)).send({ data, ...context.answer });
    });

    app.put<{ Params: Params }>(`${base}/:id`, async (request, reply) => {
      const { db, context } = allow(request, entity, 'update', 'update');
      const id = parseId(request.params.id);
      const expected = expectedVersion(request.headers['if-match'], request.body);
      const data = await updateRecord(db, entity, id, request.body, context, expected);
      return reply.headers(versionHeaders(data)).send({ data, ...context.answer });
    });

    app.delete<{ Params: Params }>(`${base}/:id`, async (request) => {
      const { db, context } = allow(request, entity, 'delete', 'destroy');
      await deleteRecord(db, entity, parseId(request.params.id), context);
      return { message: 'Registro excluído com sucesso.', ...context.answer };
    });

    app.delete<{ Params: Params }>(`${base}/multiple_delete/:ids`, async (request) => {
      const { db, context } = allow(request, entity, 'delete', 'destroy');
      checkBulkDelete(entity);
      const ids = request.params.ids.split(',').filter(Boolean);
      if (ids.length > MAX_DELETE_IDS) throw badRequest(`É possível excluir no máximo ${MAX_DELETE_IDS.toLocaleString('pt-BR')} registros de uma vez.`);
      await deleteRecords(db, entity, ids.map((id) => parseId(id)), context);
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
