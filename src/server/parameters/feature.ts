import { defineFeature } from '../feature.js';
import { parameterRoutes } from './routes.js';

/** The back office's parameters (`/api/parametros`). */
export const parametersFeature = defineFeature('parameters', async (app) => {
  await app.register(parameterRoutes);
});
