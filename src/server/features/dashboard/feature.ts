import { defineFeature } from '../../core/feature.js';
import { dashboardRoutes } from './routes.js';

/**
 * `GET /api/dashboard`: counts of what the caller may list, the monitors, their own latest changes.
 * The finance figures (`GET /api/dashboard/financeiro`) are the receivables feature's.
 */
export const dashboardFeature = defineFeature({ name: 'dashboard' }, async (app, { model }) => {
  await app.register(dashboardRoutes, { model });
});
