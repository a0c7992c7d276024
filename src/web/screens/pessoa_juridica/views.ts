import { view, type ModuleViews } from '../../resources/overrides';

/** Legal entities: the generated forms, the persons a company employs listed under its record. */
export const views: ModuleViews = {
  edit: view(() => import('./Edit'), (m) => m.PessoaJuridicaEdit),
};
