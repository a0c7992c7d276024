import { view, type ModuleViews } from '../../resources/overrides';

/**
 * A control account's list with 'Lançar débito', and its view (read only: its edit route shows it too)
 * with its balance, payments, actions and the accounts related to it.
 */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.ControlAccountList),
  edit: view(() => import('./Show'), (m) => m.ControlAccountShow),
  show: view(() => import('./Show'), (m) => m.ControlAccountShow),
};
