import { view, type ModuleViews } from '../../resources/overrides';

/** A control account's view (read only: its edit route shows it too) with the accounts related to it. */
export const views: ModuleViews = {
  edit: view(() => import('./Show'), (m) => m.ControlAccountShow),
  show: view(() => import('./Show'), (m) => m.ControlAccountShow),
};
