import { defineFeature } from '../feature.js';
import { deadlineRoutes } from './routes.js';
import './tables.js';

/**
 * Deadlines (docs/DEADLINES.md): the engine (./engine.ts, pure) over the place's calendar, and the
 * deadline operations with their history (./operations.ts), served by ./routes.ts.
 */
export const deadlinesFeature = defineFeature('deadlines', async (app, { model }) => {
  if (!model.byModule.has('tipos_prazo')) return;
  await app.register(deadlineRoutes);
});
