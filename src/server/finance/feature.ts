import { defineFeature } from '../feature.js';
import { VERSIONED_SETTINGS } from './in-force.js';
import { financeRoutes } from './routes.js';
import { newestFirst } from './series-history.js';
import { forfeitRates, oneConfigPerDate } from './versioned-settings.js';

/**
 * Finance (docs/FINANCE.md): the versioned settings keep one configuration per `since` date, and
 * `configInForce` (./in-force.ts) answers which one applies on a day; the rounding of values is the
 * pure function of src/shared/finance/rounding.ts, the calculation of an amount paid late the one of
 * ./calculation.ts, previewed by ./routes.ts.
 */
export const financeFeature = defineFeature('finance', async (app, { model }) => {
  for (const module of Object.keys(VERSIONED_SETTINGS) as (keyof typeof VERSIONED_SETTINGS)[]) app.resources.hooks(module, oneConfigPerDate);
  app.resources.hooks('configuracao_atualizacao_multas', forfeitRates);
  app.resources.readHooks('series_indicador', newestFirst);
  if (model.byModule.has('configuracao_atualizacao_multas')) await app.register(financeRoutes, { model });
});
