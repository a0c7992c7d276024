import { defineFeature } from '../../core/feature.js';
import { postalCodeRoutes } from './routes.js';

/**
 * Postal codes: `GET /api/cep/{cep}` asks ViaCEP, then BrasilAPI, through the outbound guard, keeps
 * the answers in the space's database and names the space's UF and municipality. Only where the
 * model has the UFs and municipalities the answer names.
 */
export const postalCodeFeature = defineFeature({ name: 'postal-code', migrations: [new URL('migrations', import.meta.url)] }, async (app, { model, config }) => {
  if (!model.byModule.has('uf') || !model.byModule.has('municipios')) return;
  await app.register(postalCodeRoutes, { settings: config.postalCode });
});
