import { view, type ModuleViews } from '../../resources/overrides';

/** Tenants with their spaces: the spaces' editing and inserting toggles, each new administrator's one-time password. */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.ClientesList),
  create: view(() => import('./Create'), (m) => m.ClientesCreate),
  edit: view(() => import('./Edit'), (m) => m.ClientesEdit),
};
