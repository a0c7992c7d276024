import { view, type ModuleViews } from '../../resources/overrides';

/** A pendency's own screen: the generated form, with its state and 'Resolver pendência' under it. */
export const views: ModuleViews = {
  edit: view(() => import('./Edit'), (m) => m.PendenciasAcaoFiscalizacaoEdit),
};
