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
import { dataAnswer, dataMessageAnswer, idParams, messageAnswer } from '../../../shared/contracts/parts.js';
import { savedView, shareableRole } from '../../../shared/contracts/saved-views.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { allows, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { createView, deleteView, rolesOf, shareableRoles, updateView, VIEW_NOT_FOUND, viewsOf, type Viewer } from './views.js';

const UNKNOWN_MODULE = 'Lista não encontrada.';


const tags = ['saved_views'];
// The views' rules read the body and answer each refusal on its field, in their own words.
const body = {
  type: 'object',
  properties: {
    module: { description: 'Texto: o módulo da lista.' }, name: { description: 'Texto: o nome da visão.' },
    role_id: { description: 'Inteiro ou null: o papel com que se compartilha.' }, state: { description: 'O estado da lista: `filter`, `sort` (`{ field, order: ASC | DESC }`), `hidden_columns`, `per_page` (1 a 500).' },
  },
} as const;
const contracts = {
  roles: {
    tags, summary: 'Os papéis com que a pessoa pode compartilhar uma visão: os seus (todos, para um administrador)',
    response: { 200: dataAnswer('Os papéis', { type: 'array', items: shareableRole }) },
    errors: ['401'],
  },
  list: {
    tags, summary: 'As visões salvas de uma lista: as suas e as compartilhadas com um papel seu',
    querystring: { type: 'object', properties: { module: { type: 'string', description: 'O módulo da lista.' } } },
    response: { 200: dataAnswer('As visões', { type: 'array', items: savedView }) },
    errors: ['401', '403', '404'],
  },
  create: { tags, summary: 'Salva uma visão da lista', body, response: { 201: dataMessageAnswer('A visão', savedView) }, errors: ['400', '401', '403', '422'] },
  update: { tags, summary: 'Altera uma visão sua', params: idParams, body, response: { 200: dataMessageAnswer('A visão', savedView) }, errors: ['400', '401', '403', '404', '422'] },
  remove: { tags, summary: 'Exclui uma visão sua', params: idParams, response: { 200: messageAnswer('Excluída') }, errors: ['401', '403', '404'] },
} as const;

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

  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/saved_views/roles', { schema: contracts.roles }, async (request) => {
    const { db, viewer } = await asked(request);
    return { data: await shareableRoles(db, viewer) };
  });

  routes.get('/api/saved_views', { schema: contracts.list }, async (request) => {
    const entity = listOf(request, request.query.module, false);
    const { db, viewer } = await asked(request);
    return { data: await viewsOf(db, viewer, entity.module) };
  });

  routes.post('/api/saved_views', { schema: contracts.create }, async (request, reply) => {
    const body = objectBody(request.body);
    const entity = listOf(request, body.module, true);
    const { db, viewer } = await asked(request);
    return reply.status(201).send({ data: await createView(db, viewer, entity, body), message: 'Visão salva com sucesso.' });
  });

  routes.put('/api/saved_views/:id', { schema: contracts.update }, async (request) => {
    const id = parseId(request.params.id, VIEW_NOT_FOUND);
    const body = objectBody(request.body);
    const { db, viewer } = await asked(request);
    const stored = await db.selectFrom('saved_views').select('module').where('id', '=', id).executeTakeFirst();
    if (stored) mayList(request, String(stored.module));
    return { data: await updateView(db, viewer, entityOf, id, body), message: 'Visão salva com sucesso.' };
  });

  routes.delete('/api/saved_views/:id', { schema: contracts.remove }, async (request) => {
    const id = parseId(request.params.id, VIEW_NOT_FOUND);
    const { db, viewer } = await asked(request);
    await deleteView(db, viewer, id);
    return { message: 'Visão excluída com sucesso.' };
  });
}
