/**
 * A list's saved views (docs/SAVED_VIEWS.md), for anyone who may see the list:
 * - `GET /api/saved_views?module={module}`: the caller's views of that list and those shared with a role they hold;
 * - `GET /api/saved_views/roles`: the roles the caller may share a view with (their own; every one for an administrator);
 * - `POST /api/saved_views` `{ module, name, role_id?, state: { filter, sort, hidden_columns, per_page } }`: 201;
 * - `PUT /api/saved_views/{id}`, `DELETE /api/saved_views/{id}`: the caller's own views only (403 for one shared
 *   with them, 404 for one they cannot see).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { invalid, notFound } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { allows, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { createView, deleteView, rolesOf, shareableRoles, updateView, VIEW_NOT_FOUND, viewsOf, type Viewer } from './views.js';

const UNKNOWN_MODULE = 'Lista não encontrada.';


export async function savedViewRoutes(app: FastifyInstance, options: { model: Model }) {
  const allow = operationAccess(options.model, app.resources);
  const entityOf = (module: string) => options.model.byModule.get(module);

  const asked = async (request: FastifyRequest): Promise<{ db: Kysely<SpaceDatabase>; viewer: Viewer }> => {
    const session = sessionOf(request);
    const db = spaceOf(request).db;
    return { db, viewer: { userId: session.user.id, roleIds: await rolesOf(db, session.user.id), isAdmin: allows(session.permissions, []) } };
  };
  /** The module of a list the caller may see (403 otherwise). */
  const listOf = (request: FastifyRequest, module: unknown, onBody: boolean) => {
    const entity = typeof module === 'string' ? entityOf(module) : undefined;
    if (!entity) throw onBody ? invalid({ module: [UNKNOWN_MODULE] }) : notFound(UNKNOWN_MODULE);
    allow(request, entity, 'list', 'index');
    return entity;
  };
  /** A view's module must still be one the caller may list, or the view is as good as gone. */
  const mayList = (request: FastifyRequest, module: string) => {
    try {
      listOf(request, module, false);
    } catch {
      throw notFound(VIEW_NOT_FOUND);
    }
  };

  app.get('/api/saved_views/roles', async (request) => {
    const { db, viewer } = await asked(request);
    return { data: await shareableRoles(db, viewer) };
  });

  app.get<{ Querystring: { module?: string } }>('/api/saved_views', async (request) => {
    const entity = listOf(request, request.query.module, false);
    const { db, viewer } = await asked(request);
    return { data: await viewsOf(db, viewer, entity.module) };
  });

  app.post('/api/saved_views', async (request, reply) => {
    const body = objectBody(request.body);
    const entity = listOf(request, body.module, true);
    const { db, viewer } = await asked(request);
    return reply.status(201).send({ data: await createView(db, viewer, entity, body), message: 'Visão salva com sucesso.' });
  });

  app.put<{ Params: { id: string } }>('/api/saved_views/:id', async (request) => {
    const id = parseId(request.params.id, VIEW_NOT_FOUND);
    const body = objectBody(request.body);
    const { db, viewer } = await asked(request);
    const stored = await db.selectFrom('saved_views').select('module').where('id', '=', id).executeTakeFirst();
    if (stored) mayList(request, String(stored.module));
    return { data: await updateView(db, viewer, entityOf, id, body), message: 'Visão salva com sucesso.' };
  });

  app.delete<{ Params: { id: string } }>('/api/saved_views/:id', async (request) => {
    const id = parseId(request.params.id, VIEW_NOT_FOUND);
    const { db, viewer } = await asked(request);
    await deleteView(db, viewer, id);
    return { message: 'Visão excluída com sucesso.' };
  });
}
