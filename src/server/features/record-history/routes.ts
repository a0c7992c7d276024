import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/index.js';
import { entityPermission } from '../../core/resources/permissions.js';
import { expectedVersion, versionHeaders } from '../../core/resources/versions.js';
import { recordVersions, restoreVersion } from './history.js';
import { spaceTables } from '../../core/db/dynamic.js';

type Params = { id: string; version: string };

/**
 * For every module: `GET /api/{module}/{id}/versions` (the module's show permission), the record's
 * history read field by field; `POST /api/{module}/{id}/versions/{version}/restore` (its update
 * permission), the record brought back to how that version left it.
 */
export async function recordHistoryRoutes(app: FastifyInstance, options: { model: Model }) {
  const registry = app.resources;
  const allow = operationAccess(options.model, registry);
  for (const entity of options.model.entities) {
    if (!entity.operations.show) continue;
    const base = `/api/${entity.module}/:id/versions`;

    app.get<{ Params: Params }>(base, async (request) => {
      const { db } = allow(request, entity, 'show', 'show');
      const mayUpdate = entity.operations.update && registry.mayUse(request, entity, [entityPermission(entity, 'update')]);
      const dbOf = (referenced: typeof entity) => registry.locatorOf(referenced.database).db(request);
      return { data: await recordVersions(spaceTables(db), options.model, entity, parseId(request.params.id), { mayUpdate, dbOf }) };
    });

    app.post<{ Params: Params }>(`${base}/:version/restore`, async (request, reply) => {
      const { db, context } = allow(request, entity, 'update', 'update');
      const id = parseId(request.params.id);
      const version = parseId(request.params.version, 'Versão não encontrada.');
      const data = await restoreVersion(spaceTables(db), entity, id, version, context, expectedVersion(request.headers['if-match'], undefined));
      return reply.headers(versionHeaders(data)).send({ data, message: 'Versão restaurada com sucesso.', ...context.answer });
    });
  }
}
