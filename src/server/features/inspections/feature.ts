import { defineFeature } from '../../core/feature.js';
import { actionDependants, actionRules, inspectionActionRoutes, supervisorDefault } from './actions.js';
import { actionConclusionRoutes } from './conclusion.js';
import { annotationDependants, annotationRules, infractionRules } from './annotations.js';
import { pendencyTypeDeadline, teamEmployees } from './lookups.js';
import { actionNumber, inspectionNumber, typeNumber } from './numbers.js';
import { pendencyDeadline, pendencyDeadlineCancelled, pendencyRoutes, pendencyRules } from './pendencies.js';

/**
 * Inspections (docs/INSPECTIONS.md): an inspection team's employees are employees, with one
 * rapporteur and one coordinator at most; a pendency type's deadline is a type with its amount; an
 * inspection's and an action's numbers are drawn from their sequences in their inserts' transactions;
 * an action's rapporteur is an employee, a supervisor is among a new action's supervisors, and an
 * action is cancelled, reactivated and concluded by its own routes; its annotations, infractions and
 * pendencies (numbered by their types' sequences, a pendency with its deadline) belong to an open
 * action and go with it when it is deleted.
 */
export const inspectionsFeature = defineFeature({
  name: 'inspections',
  permissions: [{ name: 'inspectionAction.supervise', label: 'Ações de fiscalização — atuar como fiscal', area: 'fiscalizacao' }],
}, async (app, { model }) => {
  app.resources.hooks('equipe_fiscalizacao', teamEmployees);
  app.resources.hooks('tipos_pendencias', pendencyTypeDeadline);
  app.resources.hooks('fiscalizacoes', inspectionNumber);
  app.resources.hooks('acoes_fiscalizacao', supervisorDefault);
  app.resources.hooks('acoes_fiscalizacao', actionRules);
  app.resources.hooks('acoes_fiscalizacao', actionNumber);
  app.resources.hooks('acoes_fiscalizacao', actionDependants(app.resources));
  app.resources.hooks('anotacoes_acao_fiscalizacao', annotationRules);
  app.resources.hooks('anotacoes_acao_fiscalizacao', annotationDependants(app.resources));
  app.resources.hooks('infracoes_acao_fiscalizacao', infractionRules);
  app.resources.hooks('infracoes_acao_fiscalizacao', typeNumber('inspection_infraction_types', 'inspection_infraction_type_id'));
  app.resources.hooks('pendencias_acao_fiscalizacao', pendencyRules);
  app.resources.hooks('pendencias_acao_fiscalizacao', typeNumber('pendency_types', 'pendency_type_id'));
  app.resources.hooks('pendencias_acao_fiscalizacao', pendencyDeadline);
  app.resources.hooks('pendencias_acao_fiscalizacao', pendencyDeadlineCancelled);
  await app.register(inspectionActionRoutes, { model });
  await app.register(actionConclusionRoutes, { model });
  await app.register(pendencyRoutes, { model });
});
