import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/guard.js';
import { objectBody } from '../http/body.js';
import { spaceOf } from '../http/space.js';
import { findProfile, updateProfile } from './profile.js';

/** The caller's own profile ('any': every authenticated user). */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/api/perfil', async (request) => ({ data: await findProfile(spaceOf(request).db, sessionOf(request).user.id) }));

  app.put('/api/perfil', async (request) => {
    const session = sessionOf(request);
    const data = await updateProfile(spaceOf(request).db, session.user.id, session.tokenId, objectBody(request.body));
    return { data, message: 'Perfil atualizado com sucesso.' };
  });
}
