import { defineFeature } from '../../core/feature.js';
import { agreementTypeRules } from './agreement-types.js';
import { relatedControlAccounts } from './control-accounts.js';
import { debtTypeRoutes, debtTypeRules } from './debt-types.js';
import { exchangeRateInverse } from './exchange-rates.js';
import { VERSIONED_SETTINGS } from './in-force.js';
import { generatorFactDocument, generatorFactEvents, legalBaseDocument } from './legal-bases.js';
import { currentRevenueSetting } from './revenue-settings.js';
import { financeRoutes } from './routes.js';
import { newestFirst } from './series-history.js';
import { forfeitRates, oneConfigPerDate } from './versioned-settings.js';

/**
 * Finance (docs/FINANCE.md): the versioned settings keep one configuration per `since` date, and
 * `configInForce` (./in-force.ts) answers which one applies on a day; the rounding of values is the
 * pure function of src/shared/finance/rounding.ts, the calculation of an amount paid late the one of
 * ./calculation.ts, previewed by ./routes.ts. Debt types, agreement types, generator facts, the revenue
 * setting and control accounts add their rules, an exchange rate its inverse (./exchange-rates.ts): ./debt-types.ts, ./agreement-types.ts, ./legal-bases.ts,
 * ./revenue-settings.ts, ./control-accounts.ts.
 */
export const financeFeature = defineFeature({ name: 'finance' }, async (app, { model }) => {
  for (const module of Object.keys(VERSIONED_SETTINGS) as (keyof typeof VERSIONED_SETTINGS)[]) app.resources.hooks(module, oneConfigPerDate);
  app.resources.hooks('configuracao_atualizacao_multas', forfeitRates);
  app.resources.hooks('cotacoes_moedas', exchangeRateInverse);
  app.resources.readHooks('series_indicador', newestFirst);
  app.resources.hooks('tipo_debito', debtTypeRules);
  app.resources.hooks('tipo_acordo', agreementTypeRules);
  app.resources.hooks('itens_base_legal', legalBaseDocument);
  app.resources.hooks('fato_gerador', generatorFactEvents);
  app.resources.readHooks('configuracao_arrecadacao', currentRevenueSetting);
  app.resources.readHooks('control_account', relatedControlAccounts);
  app.resources.readHooks('fato_gerador', generatorFactDocument);
  if (model.byModule.has('configuracao_atualizacao_multas')) await app.register(financeRoutes, { model });
  await app.register(debtTypeRoutes, { model });
});
