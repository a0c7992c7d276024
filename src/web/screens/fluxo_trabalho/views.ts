import { view, type ModuleViews } from '../../resources/overrides';

/**
 * Workflow runs: the list with 'Iniciar fluxo' (a type's first step, a name, notes), and
 * `/fluxo_trabalho/{id}` executing a run (its current step with its tasks, the next steps, the
 * history, pausing, resuming, cancelling and concluding it).
 */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.FluxoTrabalhoList),
  edit: view(() => import('./Execution'), (m) => m.WorkflowExecution),
  show: view(() => import('./Execution'), (m) => m.WorkflowExecution),
};
