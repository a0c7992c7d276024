import { view, type ModuleViews } from '../../resources/overrides';

/** Registrations: inserted in steps; the record shows its situations and moves to a next one. */
export const views: ModuleViews = {
  create: view(() => import('./Create'), (m) => m.InscricaoCreate),
  edit: view(() => import('./Edit'), (m) => m.InscricaoEdit),
};
