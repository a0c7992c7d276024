import { defineFeature } from '../feature.js';
import { MODULE, systemActionRoutes } from './system-actions.js';
import { workflowTypeRules } from './type-rules.js';

/**
 * Workflows (docs/WORKFLOWS.md): a workflow type's steps, phases, next steps and tasks hold together
 * (one first step, every step reachable from it, phases and next steps of the same type, a task's
 * action from the catalogue of system actions), and that catalogue is served to the task's action.
 */
export const workflowsFeature = defineFeature('workflows', async (app, { model }) => {
  if (model.byModule.has(MODULE)) app.resources.hooks(MODULE, workflowTypeRules(model));
  await app.register(systemActionRoutes, { model });
});
