import { view, type ModuleViews } from '../../resources/overrides';

/** The monitors grid (status chips, a refresh every ten seconds) and 'Verificar agora' above the form. */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.MonitoresList),
  edit: view(() => import('./Edit'), (m) => m.MonitoresEdit),
};
