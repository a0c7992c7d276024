import { view, type ModuleViews } from '../../resources/overrides';

/** The setting's forms with the calculation preview under the configurations. */
export const views: ModuleViews = {
  create: view(() => import('./forms'), (m) => m.Create),
  edit: view(() => import('./forms'), (m) => m.Edit),
};
