import { view, type ModuleViews } from '../../resources/overrides';

/** Users: the one-time passwords of the accounts a save opened in other spaces. */
export const views: ModuleViews = {
  edit: view(() => import('./Edit'), (m) => m.UsuariosEdit),
};
