import type { FastifyInstance } from 'fastify';
import type { PostalCodeSettings } from '../../core/config.js';
import { dataAnswer, nullableInteger, nullableText, pathOf, text } from '../../../shared/contracts/parts.js';
import { sessionOf } from '../../core/http/session.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { spaceOf } from '../../core/http/space.js';
import { lookUpPostalCode } from './lookup.js';
import { postalCodeProviders } from './providers.js';

/**
 * `GET /api/cep/{cep}` (any signed-in person of the space): the address of a postal code in the
 * product's fields (docs/API.md, 'Postal codes').
 */
const lookUp = {
  tags: ['municipios'],
  summary: 'Endereço de um CEP (ViaCEP, depois BrasilAPI; respostas guardadas no espaço), nos campos do produto, com a UF e o município do espaço (qualquer usuário autenticado)',
  params: pathOf({ cep: 'O CEP: 8 dígitos, com ou sem hífen e pontos (`01001-000`).' }),
  response: {
    200: dataAnswer('O endereço', {
      type: 'object',
      properties: {
        postal_code: { type: 'string', description: '`00000-000`' }, uf_id: nullableInteger, uf: text, city_id: nullableInteger, city: text,
        neighborhood: nullableText, street_address: nullableText, address_complement: nullableText,
      },
      required: ['postal_code', 'uf_id', 'uf', 'city_id', 'city', 'neighborhood', 'street_address', 'address_complement'],
      additionalProperties: false,
    }),
    // Thrown, not returned: written as the document's content, out of the answer's type.
    503: { description: 'Nenhum provedor respondeu e não há resposta guardada do CEP', content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' } } } },
  },
  errors: ['401', '404', '422'],
} as const;

export async function postalCodeRoutes(app: FastifyInstance, options: { settings: PostalCodeSettings }) {
  const providers = postalCodeProviders(options.settings);
  app.withTypeProvider<ContractTypes>().get('/api/cep/:cep', { schema: lookUp }, async (request) => {
    sessionOf(request);
    const data = await lookUpPostalCode(spaceOf(request).db, request.params.cep, {
      providers,
      timeoutMs: options.settings.timeoutMs,
      onProviderFailure: (provider, error) => request.log.warn({ provider, reason: error instanceof Error ? error.message : String(error) }, 'consulta de CEP sem resposta do provedor'),
    });
    return { data };
  });
}
