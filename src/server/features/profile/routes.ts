import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../core/http/session.js';
import { objectBody } from '../../core/http/body.js';
import { spaceOf } from '../../core/http/space.js';
import { entityTag, expectedVersion } from '../../core/resources/versions.js';
import { findProfile, updateProfile } from './profile.js';

/** The caller's own profile ('any': every authenticated user). */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/api/perfil', async (request, reply) => {
    const data = await findProfile(spaceOf(request).db, sessionOf(request).user.id);
    const tag = entityTag(data.updated_at);
    return reply.headers(tag ? { etag: tag } : {}).send({ data });
  });

  app.put('/api/perfil', async (request) => {
    const session = sessionOf(request);
    const body = objectBody(request.body);
    const expected = expectedVersion(request.headers['if-match'], body);
    const data = await updateProfile(spaceOf(request).db, session.user.id, session.tokenId, body, expected);
    return { data, message: 'Perfil atualizado com sucesso.' };
  });
}
