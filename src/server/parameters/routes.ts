import type { FastifyInstance } from 'fastify';
import { requireAny } from '../http/session.js';
import { objectBody } from '../http/body.js';
import { spaceOf } from '../http/space.js';
import { listParameters, updateParameters } from './store.js';

/** The parameters screen: both lists, and saving them. */
export async function parameterRoutes(app: FastifyInstance) {
  app.get('/api/parametros', async (request) => {
    requireAny(request, ['parameter.index']);
    return { data: await listParameters(spaceOf(request).db) };
  });

  app.put('/api/parametros', async (request) => {
    const session = requireAny(request, ['parameter.update']);
    return { data: await updateParameters(spaceOf(request).db, objectBody(request.body), session.user.id), message: 'Parâmetros salvos com sucesso.' };
  });
}
