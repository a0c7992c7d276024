import { defineFeature } from '../../core/feature.js';
import { customPageReads, customPageWrites } from './hooks.js';
import { customPageRoutes } from './routes.js';

/**
 * Custom pages (spec 000, menuCtmPage): pages of rich text grouped in categories, their content
 * sanitised at every write and read, the space set by the server, the 'Páginas' menu and the page view.
 */
export const customPagesFeature = defineFeature({ name: 'custom-pages' }, async (app) => {
  app.resources.hooks('pagina_dinamica', customPageWrites);
  app.resources.readHooks('pagina_dinamica', customPageReads);
  await app.register(customPageRoutes);
});
