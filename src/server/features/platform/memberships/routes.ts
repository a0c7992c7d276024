import type { FastifyInstance } from 'fastify';
import { boolean, dataAnswer, integer, text } from '../../../../shared/contracts/parts.js';
import { requireAny } from '../../../core/http/session.js';
import { spaceOf } from '../../../core/http/space.js';
import { platformOf } from '../platform-db.js';
import { councilOf, councilSpaces } from './store.js';
import type { ContractTypes } from '../../../core/http/route-contracts.js';

/**
 * `GET /api/usuarios/tenant_configs`: the spaces the user form offers, those of the council the
 * request's space belongs to (none from the default space), `{id, name, active}`.
 */
const spaces = {
  tags: ['usuarios'],
  summary: 'Os espaços do conselho que o formulário de usuário oferece, por nome',
  response: { 200: dataAnswer('OK', { type: 'array', items: { type: 'object', properties: { id: integer, name: text, active: boolean }, required: ['id', 'name', 'active'], additionalProperties: false } }) },
  errors: ['401', '403'],
} as const;

export async function userSpacesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ContractTypes>().get('/api/usuarios/tenant_configs', { schema: spaces }, async (request) => {
    requireAny(request, ['user.store', 'user.update', 'user.show']);
    const space = spaceOf(request);
    const council = await councilOf(platformOf(request), space.name, space.isDefault !== false);
    return { data: council ? await councilSpaces(platformOf(request), council.tenantId) : [] };
  });
}
