import { defineFeature } from '../../core/feature.js';
import { dashboardRoutes } from './routes.js';

/** `GET /api/dashboard`: counts of what the caller may list, the monitors, their own latest changes. */
export const dashboardFeature = defineFeature({ name: 'dashboard' }, async (app, { model }) => {
  await app.register(dashboardRoutes, { model });
});
