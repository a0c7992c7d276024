import { defineFeature } from '../feature.js';
import { pendencyTypeDeadline, teamEmployees } from './lookups.js';
import { inspectionNumber } from './numbers.js';

/**
 * Inspections (docs/INSPECTIONS.md): an inspection team's employees are employees, with one
 * rapporteur and one coordinator at most; a pendency type's deadline is a type with its amount; an
 * inspection's number is drawn from its sequence in its insert's transaction.
 */
export const inspectionsFeature = defineFeature('inspections', async (app) => {
  app.resources.hooks('equipe_fiscalizacao', teamEmployees);
  app.resources.hooks('tipos_pendencias', pendencyTypeDeadline);
  app.resources.hooks('fiscalizacoes', inspectionNumber);
});
