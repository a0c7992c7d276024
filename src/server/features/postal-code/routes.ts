import type { FastifyInstance } from 'fastify';
import type { PostalCodeSettings } from '../../core/config.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { lookUpPostalCode } from './lookup.js';
import { postalCodeProviders } from './providers.js';

/**
 * `GET /api/cep/{cep}` (any signed-in person of the space): the address of a postal code in the
 * product's fields (docs/API.md, 'Postal codes').
 */
export async function postalCodeRoutes(app: FastifyInstance, options: { settings: PostalCodeSettings }) {
  const providers = postalCodeProviders(options.settings);
  app.get<{ Params: { cep: string } }>('/api/cep/:cep', async (request) => {
    sessionOf(request);
    const data = await lookUpPostalCode(spaceOf(request).db, request.params.cep, {
      providers,
      timeoutMs: options.settings.timeoutMs,
      onProviderFailure: (provider, error) => request.log.warn({ provider, reason: error instanceof Error ? error.message : String(error) }, 'consulta de CEP sem resposta do provedor'),
    });
    return { data };
  });
}
