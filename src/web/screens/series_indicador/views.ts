import { view, type ModuleViews } from '../../resources/overrides';

/** The series' form with 'Importar histórico (CSV)'. */
export const views: ModuleViews = {
  edit: view(() => import('./Edit'), (m) => m.SeriesIndicadorEdit),
};
