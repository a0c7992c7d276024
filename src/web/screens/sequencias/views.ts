import { view, type ModuleViews } from '../../resources/overrides';

/** The sequence form: the live mask preview, the book blocks that fill and clear with has_book, 'Gerar número'. */
export const views: ModuleViews = {
  create: view(() => import('./Create'), (m) => m.SequenciasCreate),
  edit: view(() => import('./Edit'), (m) => m.SequenciasEdit),
};
