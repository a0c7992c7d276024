/**
 * The documents of a record, for every entity whose schema says `x-documents` (spec 000: persons,
 * legal entities, organizations, inspections, inspection actions, annotations, agreement types,
 * legal-base items):
 * - `GET /api/{module}/{id}/documents?filter=1|2|3&page=&per_page=`: the record's documents, newest
 *   first, with their type's denomination; filter 1 Todos, 2 Arquivados, 3 Não Arquivados.
 *   Whoever may see the record and list documents.
 * - `POST /api/{module}/{id}/documents/store` `{ documents: [ {document_type_id, name, date, notes,
 *   metadata, document} ] }`: each saved as `POST /api/documento` saves one (its own transaction,
 *   its own rules), attached to the record; the answer lists each row's `success` (and its `data`, or
 *   its `message` and `errors`) and says `with_errors` when any failed. Whoever may update the record
 *   and insert documents.
 * A record of another space, or none, is 404 'Registro não encontrado.'. Deleting the record deletes
 * its documents (rows in its transaction, bytes after the commit).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity, Model } from '../../../../language/index.js';
import { dynamic, type DynamicDatabase, spaceTables } from '../../core/db/dynamic.js';
import { AppError, badRequest, notFound } from '../../core/http/app-error.js';
import { anyObject, boolean, idParams, integer } from '../../../shared/contracts/parts.js';
import type { RouteContract } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import { dropRecordFiles } from '../../core/resources/files.js';
import type { ModuleHooks, WriteContext } from '../../core/resources/hooks.js';
import { parseId } from '../../core/resources/read.js';
import { createRecord } from '../../core/resources/write.js';

export const MAX_DOCUMENTS_PER_STORE = 50;
const RECORD_NOT_FOUND = 'Registro não encontrado.';
const FILTERS: Record<string, boolean | null> = { '1': null, '2': true, '3': false };

/** Sets, after a document is saved through the store route, the record it is attached to. */
const attachTo = (module: string, id: number): ModuleHooks => ({
  transforms: ['entity_type', 'entity_id'],
  async afterWrite(trx, { record }) {
    await trx.updateTable('documents').set({ entity_type: module, entity_id: id }).where('id', '=', Number(record.id)).execute();
    Object.assign(record, { entity_type: module, entity_id: id });
  },
});

/** Removes a record's documents with it: their rows in the delete's transaction, their bytes after it commits. */
export const deleteAttachedDocuments = (documents: Entity): ModuleHooks => ({
  async beforeDelete(trx, { entity, id, context }) {
    const rows = await trx.deleteFrom('documents').where('entity_type', '=', entity.module).where('entity_id', '=', id).returning('id').execute();
    for (const row of rows) await dropRecordFiles(trx, documents, Number(row.id), context);
  },
});

export async function attachedDocumentRoutes(app: FastifyInstance, options: { model: Model }) {
  const documents = options.model.entities.find((e) => e.module === 'documento');
  const owners = options.model.entities.filter((e) => e.documents);
  if (owners.length === 0) return;
  if (!documents) throw new Error(`${owners.map((e) => e.module).join(', ')} attach documents, but the model has no documento module.`);
  const allow = operationAccess(options.model, app.resources);

  const ownerRecord = async (db: DynamicDatabase, entity: Entity, raw: string) => {
    const id = parseId(raw, RECORD_NOT_FOUND);
    const row = await db.selectFrom(entity.table).select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(RECORD_NOT_FOUND);
    return id;
  };

  for (const entity of owners) {
    const tags = [entity.module];
    const list = {
      tags, summary: 'Os documentos do registro, dos mais novos (permissão de ver o registro e `document.index`)',
      params: idParams,
      querystring: {
        type: 'object',
        properties: { filter: { type: 'string', description: '1 Todos (padrão), 2 Arquivados, 3 Não Arquivados; outro: 400' }, page: { type: 'string', description: 'A página' }, per_page: { type: 'string', description: 'Itens por página, 1 a 100 (padrão 25)' } },
      },
      response: { 200: { description: 'Os documentos', type: 'object', properties: { data: { type: 'array', items: anyObject }, total: integer, page: integer, per_page: integer }, required: ['data', 'total', 'page', 'per_page'] } },
      errors: ['400', '401', '403', '404'],
    } as const satisfies RouteContract;
    const store = {
      tags, summary: 'Anexa documentos ao registro (1 a 50), cada um salvo como `POST /api/documento`: 201 quando todos, 200 com `with_errors` quando algum foi recusado, os outros guardados (permissão de alterar o registro e `document.store`)',
      params: idParams,
      // The list is read by the handler: sent as it is or as `{ documents }`, each refusal on its place.
      body: { description: 'A lista `[{ document_type_id, name, date, notes, metadata, document }]`, ou `{ documents: [...] }`.' },
      response: {
        201: { description: 'O resultado de cada documento', type: 'object', properties: { data: { type: 'array', items: anyObject }, with_errors: boolean }, required: ['data', 'with_errors'] },
        200: { description: 'O resultado de cada documento, algum recusado (`with_errors`)', type: 'object', properties: { data: { type: 'array', items: anyObject }, with_errors: boolean }, required: ['data', 'with_errors'] },
      },
      errors: ['401', '403', '404', '422'],
    } as const satisfies RouteContract;
    app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(`/api/${entity.module}/:id/documents`, { schema: list }, async (request) => {
      const { db } = allow(request, entity, 'show', 'show');
      allow(request, documents, 'list', 'index');
      const id = await ownerRecord(db, entity, request.params.id);
      const filter = request.query.filter ?? '1';
      if (!(filter in FILTERS)) throw badRequest('O filtro deve ser 1 (Todos), 2 (Arquivados) ou 3 (Não Arquivados).');
      const perPage = Math.min(Math.max(Number.parseInt(request.query.per_page ?? '25', 10) || 25, 1), 100);
      const page = Math.max(Number.parseInt(request.query.page ?? '1', 10) || 1, 1);
      let query = db
        .selectFrom('documents as d')
        .innerJoin('document_types as t', 't.id', 'd.document_type_id')
        .where('d.entity_type', '=', entity.module)
        .where('d.entity_id', '=', id);
      const filed = FILTERS[filter];
      if (filed === true) query = query.where('d.filed', '=', true);
      if (filed === false) query = query.where('d.filed', '=', false);
      const [{ total }] = await query.select((eb) => eb.fn.countAll().as('total')).execute();
      const rows = await query
        .select(['d.id', 'd.name', 'd.date', 'd.notes', 'd.metadata', 'd.file_extension', 'd.physical', 'd.filed', 'd.filed_at', 'd.document_type_id', 't.denomination as document_type', 'd.created_at'])
        .orderBy('d.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { data: rows.map((row) => ({ ...row, id: Number(row.id), document_type_id: Number(row.document_type_id) })), total: Number(total), page, per_page: perPage };
    });

    app.post<{ Params: { id: string } }>(`/api/${entity.module}/:id/documents/store`, { schema: store }, async (request, reply) => {
      const { db } = allow(request, entity, 'update', 'update');
      const access = allow(request, documents, 'create', 'store');
      const id = await ownerRecord(db, entity, request.params.id);
      const items = batchOf(request.body);
      const results = [];
      for (const item of items) results.push(await storeOne(spaceTables(access.db), documents, item, { ...access.context, hooks: [...access.context.hooks, attachTo(entity.module, id)] }));
      const withErrors = results.some((result) => !result.success);
      return reply.status(withErrors ? 200 : 201).send({ data: results, with_errors: withErrors });
    });
  }
}

/** The documents of a store body: `{ documents: [...] }` or the list itself, 1 to 50 objects. */
function batchOf(body: unknown): unknown[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { documents?: unknown }).documents : undefined;
  if (!Array.isArray(list) || list.length === 0) throw new AppError(422, 'Envie ao menos um documento.', { documents: ['Envie ao menos um documento.'] });
  if (list.length > MAX_DOCUMENTS_PER_STORE) throw new AppError(422, `Envie no máximo ${MAX_DOCUMENTS_PER_STORE} documentos por vez.`, { documents: [`Envie no máximo ${MAX_DOCUMENTS_PER_STORE} documentos por vez.`] });
  return list;
}

/** One document of the batch: saved, or refused with its own message and field errors (a failure of the server itself is not a row's). */
async function storeOne(db: Kysely<SpaceDatabase>, documents: Entity, item: unknown, context: WriteContext) {
  try {
    return { success: true, data: await createRecord(dynamic(db), documents, item, { ...context, discarded: [] }) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { success: false, message: error.message, errors: error.errors ?? {} };
    throw error;
  }
}
