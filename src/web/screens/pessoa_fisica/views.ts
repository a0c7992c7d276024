import { view, type ModuleViews } from '../../resources/overrides';

/** Physical persons: the generated forms, a new work relation starting with the institution as its employer; the record lists its registrations. */
export const views: ModuleViews = {
  create: view(() => import('./Create'), (m) => m.PessoaFisicaCreate),
  edit: view(() => import('./Edit'), (m) => m.PessoaFisicaEdit),
};
