import { defineFeature } from '../feature.js';
import { parameterRoutes } from './routes.js';

/** The back office's parameters (`/api/parametros`). */
export const parametersFeature = defineFeature({ name: 'parameters', migrations: [new URL('migrations', import.meta.url)] }, async (app) => {
  await app.register(parameterRoutes);
});
