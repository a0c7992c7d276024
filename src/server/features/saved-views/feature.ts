import { defineFeature } from '../../core/feature.js';
import { savedViewRoutes } from './routes.js';

/**
 * Saved views of every list: filters, sort, hidden columns and page size kept on the server for the
 * person who named them, or shared with a role (docs/SAVED_VIEWS.md).
 */
export const savedViewsFeature = defineFeature({ name: 'saved-views', migrations: [new URL('migrations', import.meta.url)] }, async (app, options) => {
  await app.register(savedViewRoutes, { model: options.model });
});
