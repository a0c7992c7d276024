import { defineFeature } from '../../core/feature.js';
import { parameterRoutes } from './routes.js';

/** The back office's parameters (`/api/parametros`). */
export const parametersFeature = defineFeature({
  name: 'parameters',
  migrations: [new URL('migrations', import.meta.url)],
  permissions: [
    { name: 'parameter.index', label: 'Parâmetros — listar', area: 'sistema' },
    { name: 'parameter.update', label: 'Parâmetros — alterar', area: 'sistema' },
  ],
}, async (app) => {
  await app.register(parameterRoutes);
});
