import type { FastifyInstance } from 'fastify';
import { objectBody } from '../../core/http/body.js';
import { requireAny, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { expectedVersion, versionHeaders } from '../../core/resources/versions.js';
import { readInstitutionSettings, updateInstitutionSettings } from './settings.js';

/** Who may change the institution's settings (beside 'admin'). */
export const INSTITUTION_UPDATE = 'institution.update';

export const INSTITUTION_SAVED = 'Configurações da instituição salvas.';

/**
 * `GET /api/instituicao` for anyone signed in (the person form reads the default employer) and
 * `PUT /api/instituicao` for holders of `institution.update`; both answer the settings with their
 * version (`ETag`), the save also how many work relations moved (`moved_work_relations`).
 */
export async function institutionRoutes(app: FastifyInstance) {
  app.get('/api/instituicao', async (request, reply) => {
    sessionOf(request);
    const data = await readInstitutionSettings(spaceOf(request).db);
    return reply.headers(versionHeaders({ ...data })).send({ data });
  });

  app.put('/api/instituicao', async (request, reply) => {
    const session = requireAny(request, [INSTITUTION_UPDATE]);
    const body = objectBody(request.body);
    const expected = expectedVersion(request.headers['if-match'], body);
    const { data, moved } = await updateInstitutionSettings(spaceOf(request).db, body, { userId: session.user.id, expected });
    return reply.headers(versionHeaders({ ...data })).send({ data, moved_work_relations: moved, message: INSTITUTION_SAVED });
  });
}
