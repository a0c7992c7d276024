import { view, type ModuleViews } from '../../resources/overrides';

/** Workflow types: the generated forms, removing a phase or a step tidying the steps that name it. */
export const views: ModuleViews = {
  create: view(() => import('./forms'), (m) => m.TipoFluxoTrabalhoCreate),
  edit: view(() => import('./forms'), (m) => m.TipoFluxoTrabalhoEdit),
};
