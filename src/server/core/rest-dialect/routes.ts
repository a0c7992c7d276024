import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { objectBody } from '../http/body.js';
import { insertActions, listFor, operationAccess, showFor } from '../resources/access.js';
import { deleteRecord } from '../resources/delete.js';
import { findRecord, parseId } from '../resources/read.js';
import { expectedVersion, versionHeaders } from '../resources/versions.js';
import { createRecord, updateRecord } from '../resources/write.js';
import { contentRange, restListQuery } from './query.js';

type Params = { id: string };

/**
 * The record, with what only this save's answer carries (a new account's one-time password…) under
 * `_answer`: the dialect's body is the record itself, so the contract's extra keys ride in one key
 * no field can have.
 */
function withAnswer(record: Record<string, unknown>, answer: Record<string, unknown> | undefined) {
  return answer && Object.keys(answer).length ? { ...record, _answer: answer } : record;
}

/**
 * react-admin's simple-rest dialect beside the contract, under `/api/rest/{module}`, over the same
 * operations, permissions and audit: bare records and arrays, `Content-Range` with the total, and
 * a partial `PUT` (what the body leaves out keeps its stored value), with the features' hooks,
 * open lists and access rules of `app.resources`. A stock
 * `simpleRestProvider('/api/rest', httpClient)` runs its whole method set against it.
 */
export async function restDialectRoutes(app: FastifyInstance, options: { model: Model }) {
  const registry = app.resources;
  const allow = operationAccess(options.model, registry);
  for (const entity of options.model.entities) {
    const base = `/api/rest/${entity.module}`;

    app.get(base, async (request, reply) => {
      const { query, start } = restListQuery(request.query as Record<string, unknown>);
      const { data, meta } = await listFor(allow, registry, request, entity, query);
      return reply.header('content-range', contentRange(entity.module, start, data.length, meta.total)).send(data);
    });

    app.get<{ Params: Params }>(`${base}/:id`, async (request, reply) => {
      const record = await showFor(allow, registry, request, entity, parseId(request.params.id));
      return reply.headers(versionHeaders(record)).send(record);
    });

    app.post(base, async (request, reply) => {
      const { db, context } = allow(request, entity, 'create', ...insertActions(entity));
      const record = await createRecord(db, entity, request.body, context);
      return reply.status(201).headers(versionHeaders(record)).send(withAnswer(record, context.answer));
    });

    app.put<{ Params: Params }>(`${base}/:id`, async (request, reply) => {
      const { db, context } = allow(request, entity, 'update', 'update');
      const id = parseId(request.params.id);
      const changes = objectBody(request.body);
      const expected = expectedVersion(request.headers['if-match'], changes);
      const stored = await findRecord(db, entity, id);
      const record = await updateRecord(db, entity, id, { ...stored, ...changes }, context, expected);
      return reply.headers(versionHeaders(record)).send(withAnswer(record, context.answer));
    });

    app.delete<{ Params: Params }>(`${base}/:id`, async (request) => {
      const { db, context } = allow(request, entity, 'delete', 'destroy');
      const id = parseId(request.params.id);
      const record = await findRecord(db, entity, id);
      await deleteRecord(db, entity, id, context);
      return record;
    });
  }
}
