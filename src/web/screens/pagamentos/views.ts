import { view, type ModuleViews } from '../../resources/overrides';

/** A payment's view (read only: its edit route shows it too) with 'Estornar'. */
export const views: ModuleViews = {
  edit: view(() => import('./Show'), (m) => m.PagamentosShow),
  show: view(() => import('./Show'), (m) => m.PagamentosShow),
};
