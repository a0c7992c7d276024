import { defineFeature } from '../../core/feature.js';
import { recordHistoryRoutes } from './routes.js';

/**
 * Record history, for every module: the audit rows of one record read field by field, and an
 * earlier version brought back through the ordinary save (docs/RECORD_HISTORY.md).
 */
export const recordHistoryFeature = defineFeature({ name: 'record-history' }, async (app, options) => {
  await app.register(recordHistoryRoutes, { model: options.model });
});
