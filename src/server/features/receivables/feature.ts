import { defineFeature } from '../../core/feature.js';
import { contributionValueRules } from './contribution-values.js';

/**
 * Receivables (docs/RECEIVABLES.md): what a council bills and receives. The contribution's value per
 * year (./contribution-values.ts).
 */
export const receivablesFeature = defineFeature({ name: 'receivables' }, async (app) => {
  app.resources.hooks('valores_contribuicao', contributionValueRules);
});
