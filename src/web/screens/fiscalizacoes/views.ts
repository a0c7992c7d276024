import { view, type ModuleViews } from '../../resources/overrides';

/** The inspection: its form with its actions listed under it (the spec's actions sub-area). */
export const views: ModuleViews = {
  edit: view(() => import('./Edit'), (m) => m.FiscalizacoesEdit),
};
