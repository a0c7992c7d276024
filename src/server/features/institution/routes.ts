import type { FastifyInstance } from 'fastify';
import { objectBody } from '../../core/http/body.js';
import { institutionSaved, institutionSettings } from '../../../shared/contracts/institution.js';
import { dataAnswer } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { requireAny, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { expectedVersion, versionHeaders } from '../../core/resources/versions.js';
import { readInstitutionSettings, updateInstitutionSettings } from './settings.js';

/** Who may change the institution's settings (beside 'admin'). */
export const INSTITUTION_UPDATE = 'institution.update';

export const INSTITUTION_SAVED = 'Configurações da instituição salvas.';

const contracts = {
  read: {
    tags: ['partes'],
    summary: 'As configurações da instituição: a instituição (empregador padrão dos vínculos empregatícios) e o presidente, cada um com id e nome; ids nulos até a primeira gravação (qualquer usuário autenticado)',
    response: { 200: dataAnswer('As configurações (`ETag`: a versão)', institutionSettings) },
    errors: ['401'],
  },
  save: {
    tags: ['partes'],
    summary: 'Salva a instituição (pessoa jurídica), o presidente (pessoa física) e `update_job_relations`: com ele, a troca de instituição transfere os vínculos empregatícios atuais da anterior para a nova (permissão `institution.update`, auditado)',
    headers: { type: 'object', properties: { 'if-match': { type: 'string', description: 'A versão lida (`ETag`): outra pessoa salvou depois dela, 409.' } } },
    // The settings' rules read the body and answer each refusal on its field, in their own words.
    body: {
      type: 'object',
      properties: {
        institution_id: { description: 'Inteiro: a pessoa jurídica.' }, president_id: { description: 'Inteiro: a pessoa física.' },
        update_job_relations: { description: 'Sim ou não: transfere os vínculos atuais.' }, updated_at: { description: 'A versão lida, sem `If-Match`.' },
      },
    },
    response: {
      200: institutionSaved,
    },
    errors: ['401', '403', '409', '422'],
  },
} as const;

/**
 * `GET /api/instituicao` for anyone signed in (the person form reads the default employer) and
 * `PUT /api/instituicao` for holders of `institution.update`; both answer the settings with their
 * version (`ETag`), the save also how many work relations moved (`moved_work_relations`).
 */
export async function institutionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/instituicao', { schema: contracts.read }, async (request, reply) => {
    sessionOf(request);
    const data = await readInstitutionSettings(spaceOf(request).db);
    return reply.headers(versionHeaders({ ...data })).send({ data });
  });

  routes.put('/api/instituicao', { schema: contracts.save }, async (request, reply) => {
    const session = requireAny(request, [INSTITUTION_UPDATE]);
    const body = objectBody(request.body);
    const expected = expectedVersion(request.headers['if-match'], body);
    const { data, moved } = await updateInstitutionSettings(spaceOf(request).db, body, { userId: session.user.id, expected });
    return reply.headers(versionHeaders({ ...data })).send({ data, moved_work_relations: moved, message: INSTITUTION_SAVED });
  });
}
