import { defineFeature } from '../feature.js';
import { cancelledUnchanged, inspectionActionRoutes } from './actions.js';
import { pendencyTypeDeadline, teamEmployees } from './lookups.js';
import { inspectionNumber } from './numbers.js';

/**
 * Inspections (docs/INSPECTIONS.md): an inspection team's employees are employees, with one
 * rapporteur and one coordinator at most; a pendency type's deadline is a type with its amount; an
 * inspection's number is drawn from its sequence in its insert's transaction; an inspection action is
 * cancelled and reactivated by its own routes, and a cancelled one is not edited.
 */
export const inspectionsFeature = defineFeature('inspections', async (app, { model }) => {
  app.resources.hooks('equipe_fiscalizacao', teamEmployees);
  app.resources.hooks('tipos_pendencias', pendencyTypeDeadline);
  app.resources.hooks('fiscalizacoes', inspectionNumber);
  app.resources.hooks('acoes_fiscalizacao', cancelledUnchanged);
  await app.register(inspectionActionRoutes, { model });
});
