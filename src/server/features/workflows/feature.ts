import { defineFeature } from '../../core/feature.js';
import { workflowRunRoutes } from './run-routes.js';
import { systemActionAttachment, systemActionLinkRoutes } from './system-action-links.js';
import { MODULE, systemActionRoutes } from './system-actions.js';
import { workflowTypeRules } from './type-rules.js';

/**
 * Workflows (docs/WORKFLOWS.md): a workflow type's steps, phases, next steps and tasks hold together
 * (one first step, every step reachable from it, phases and next steps of the same type, a task's
 * action from the catalogue of system actions), and that catalogue is served to the task's action;
 * a workflow run moves through its steps and tasks by the routes of run-routes.ts (the state machine
 * of runs.ts); a save of any module carrying `system_action_attributes`, and the link routes, link
 * records to a run's task (system-action-links.ts).
 */
export const workflowsFeature = defineFeature({
  name: 'workflows',
  permissions: [{ name: 'workflow.execute', label: 'Fluxos de trabalho — executar', area: 'fluxos' }],
}, async (app, { model }) => {
  if (model.byModule.has(MODULE)) app.resources.hooks(MODULE, workflowTypeRules(model));
  await app.register(systemActionRoutes, { model });
  await app.register(workflowRunRoutes, { model });
  if (model.byModule.has('fluxo_trabalho')) app.resources.attachment(systemActionAttachment);
  await app.register(systemActionLinkRoutes, { model });
});
