import { view, type ModuleViews } from '../../resources/overrides';

/**
 * The audit log: module names and a day range 'De'/'Até' in the filters; the detail puts each
 * field's value before and after side by side.
 */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.AuditoriaList),
  edit: view(() => import('./Detail'), (m) => m.AuditoriaDetail),
  show: view(() => import('./Detail'), (m) => m.AuditoriaDetail),
};
