import type { FastifyInstance } from 'fastify';
import { requireAny, sessionOf } from '../../core/http/session.js';
import { objectBody } from '../../core/http/body.js';
import { parameter, parameterLists } from '../../../shared/contracts/parameters.js';
import { dataAnswer, dataMessageAnswer } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { spaceOf } from '../../core/http/space.js';
import { frontParameters, listParameters, updateParameters } from './store.js';

const tags = ['parametros'];
const contracts = {
  list: { tags, summary: 'Parâmetros do back office (permissão `parameter.index`)', response: { 200: dataAnswer('OK', parameterLists) }, errors: ['401', '403'] },
  save: {
    tags, summary: 'Salva parâmetros (permissão `parameter.update`)',
    // The parameters' rules read the body and answer each refusal on its field, in their own words.
    body: { type: 'object', properties: { front: { description: 'As mudanças dos parâmetros do navegador: `[{ id, value }]`.' }, back: { description: 'As mudanças dos parâmetros do servidor: `[{ id, value }]`.' } } },
    response: { 200: dataMessageAnswer('Os parâmetros salvos', parameterLists) },
    errors: ['401', '403', '422'],
  },
  front: {
    tags, summary: 'Parâmetros do navegador em vigor (cor do tema, nome do sistema), os mesmos de `/api/load`',
    response: { 200: dataAnswer('OK', { type: 'array', items: parameter }) },
    errors: ['401'],
  },
} as const;

/** The parameters screen: both lists, and saving them; the front ones for any signed-in person. */
export async function parameterRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/parametros', { schema: contracts.list }, async (request) => {
    requireAny(request, ['parameter.index']);
    return { data: await listParameters(spaceOf(request).db) };
  });

  routes.put('/api/parametros', { schema: contracts.save }, async (request) => {
    const session = requireAny(request, ['parameter.update']);
    return { data: await updateParameters(spaceOf(request).db, objectBody(request.body), session.user.id), message: 'Parâmetros salvos com sucesso.' };
  });

  // The front parameters as the initial load carries them (theme colour, system name), asked again after a change.
  routes.get('/api/parametros/load-parameters', { schema: contracts.front }, async (request) => {
    sessionOf(request);
    return { data: await frontParameters(spaceOf(request).db) };
  });
}
