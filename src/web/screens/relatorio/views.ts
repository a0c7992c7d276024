import { view, type ModuleViews } from '../../resources/overrides';

/** Reports: the parameters and entities of the chosen design on insert; the live status and 'Imprimir' on the report. */
export const views: ModuleViews = {
  create: view(() => import('./Create'), (m) => m.RelatorioCreate),
  edit: view(() => import('./Edit'), (m) => m.RelatorioEdit),
};
