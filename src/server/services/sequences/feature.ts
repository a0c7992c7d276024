import { defineFeature } from '../../core/feature.js';
import { sequenceRoutes } from './routes.js';
import { sequenceRules } from './rules.js';

/**
 * Sequences: the numbering engine (`drawNumber`, used by other features' write hooks), the rules of
 * a sequence's own writes, the mask preview and the number drawn by hand.
 */
export const sequencesFeature = defineFeature({ name: 'sequences' }, async (app, { model }) => {
  app.resources.hooks('sequencias', sequenceRules);
  await app.register(sequenceRoutes, { model });
});
