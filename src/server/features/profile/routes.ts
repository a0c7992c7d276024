import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../core/http/session.js';
import { objectBody } from '../../core/http/body.js';
import { dataAnswer, dataMessageAnswer, recordOf } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { spaceOf } from '../../core/http/space.js';
import { entityTag, expectedVersion } from '../../core/resources/versions.js';
import { findProfile, updateProfile } from './profile.js';

const contracts = {
  read: { tags: ['perfil'], summary: 'Perfil do usuário da sessão', response: { 200: dataAnswer('OK (`ETag`: a versão)', recordOf('Profile')) }, errors: ['401'] },
  save: {
    tags: ['perfil'], summary: 'Altera o próprio perfil (uma nova senha encerra as outras sessões)',
    headers: { type: 'object', properties: { 'if-match': { type: 'string', description: 'A versão lida (`ETag`): outra pessoa salvou depois dela, 409.' } } },
    // The profile's rules read the body and answer each refusal on its field, in their own words.
    body: {
      type: 'object',
      properties: {
        name: { description: 'Texto, obrigatório, até 255 caracteres.' }, email: { description: 'E-mail, obrigatório, até 255 caracteres.' },
        password: { description: 'Em branco: mantém a senha atual.' }, password_confirmation: { description: 'A mesma senha.' },
        image_profile: { description: 'Data URL JPEG ou PNG de 300×300; null remove a imagem.' },
      },
    },
    response: { 200: dataMessageAnswer('O perfil salvo', recordOf('Profile')) },
    errors: ['401', '409', '422'],
  },
} as const;

/** The caller's own profile ('any': every authenticated user). */
export async function profileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/perfil', { schema: contracts.read }, async (request, reply) => {
    const data = await findProfile(spaceOf(request).db, sessionOf(request).user.id);
    const tag = entityTag(data.updated_at);
    return reply.headers(tag ? { etag: tag } : {}).send({ data });
  });

  routes.put('/api/perfil', { schema: contracts.save }, async (request) => {
    const session = sessionOf(request);
    const body = objectBody(request.body);
    const expected = expectedVersion(request.headers['if-match'], body);
    const data = await updateProfile(spaceOf(request).db, session.user.id, session.tokenId, body, expected);
    return { data, message: 'Perfil atualizado com sucesso.' };
  });
}
