import type { FastifyInstance } from 'fastify';
import { requireAny, sessionOf } from '../../core/http/session.js';
import { objectBody } from '../../core/http/body.js';
import { spaceOf } from '../../core/http/space.js';
import { frontParameters, listParameters, updateParameters } from './store.js';

/** The parameters screen: both lists, and saving them; the front ones for any signed-in person. */
export async function parameterRoutes(app: FastifyInstance) {
  app.get('/api/parametros', async (request) => {
    requireAny(request, ['parameter.index']);
    return { data: await listParameters(spaceOf(request).db) };
  });

  app.put('/api/parametros', async (request) => {
    const session = requireAny(request, ['parameter.update']);
    return { data: await updateParameters(spaceOf(request).db, objectBody(request.body), session.user.id), message: 'Parâmetros salvos com sucesso.' };
  });

  // The front parameters as the initial load carries them (theme colour, system name), asked again after a change.
  app.get('/api/parametros/load-parameters', async (request) => {
    sessionOf(request);
    return { data: await frontParameters(spaceOf(request).db) };
  });
}
