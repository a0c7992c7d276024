import { defineFeature } from '../../core/feature.js';
import { financeRoutes } from './finance-routes.js';
import { dashboardRoutes } from './routes.js';

/**
 * `GET /api/dashboard`: counts of what the caller may list, the monitors, their own latest changes;
 * `GET /api/dashboard/financeiro`: billed, received, open and overdue (./finance.ts), where the
 * product has control accounts.
 */
export const dashboardFeature = defineFeature({ name: 'dashboard' }, async (app, { model }) => {
  await app.register(dashboardRoutes, { model });
  if (model.byModule.has('control_account') && model.byModule.has('pagamentos')) await app.register(financeRoutes);
});
