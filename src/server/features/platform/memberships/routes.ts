import type { FastifyInstance } from 'fastify';
import { requireAny } from '../../../core/http/session.js';
import { spaceOf } from '../../../core/http/space.js';
import { platformOf } from '../platform-db.js';
import { councilOf, councilSpaces } from './store.js';

/**
 * `GET /api/usuarios/tenant_configs`: the spaces the user form offers, those of the council the
 * request's space belongs to (none from the default space), `{id, name, active}`.
 */
export async function userSpacesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/usuarios/tenant_configs', async (request) => {
    requireAny(request, ['user.store', 'user.update', 'user.show']);
    const space = spaceOf(request);
    const council = await councilOf(platformOf(request), space.name, space.isDefault !== false);
    return { data: council ? await councilSpaces(platformOf(request), council.tenantId) : [] };
  });
}
