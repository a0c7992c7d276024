import { defineFeature } from '../../core/feature.js';
import { categoryRanges, nextSituations, rangesOfCategory } from './configuration.js';
import { situationHistory } from './history.js';
import { registrationNumbers } from './numbers.js';
import { registrationRoutes } from './routes.js';
import { registrationRules } from './rules.js';
import './tables.js';

/**
 * Registrations (docs/REGISTRATIONS.md): a registration's options agree with each other and its
 * party, its numbers are drawn in its save's transaction, its situation moves only to a next one and
 * each move is kept; a category lists a range once and a situation's next situations are others.
 */
export const registrationsFeature = defineFeature({ name: 'registrations', migrations: [new URL('migrations', import.meta.url)] }, async (app, { model }) => {
  app.resources.hooks('categoria', categoryRanges);
  app.resources.hooks('situacoes', nextSituations);
  app.resources.hooks('inscricao', registrationRules, registrationNumbers, situationHistory);
  app.resources.comboParam('faixa_de_contribuicao', 'category_id', rangesOfCategory);
  await app.register(registrationRoutes, { model });
});
