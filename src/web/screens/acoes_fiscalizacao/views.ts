import { view, type ModuleViews } from '../../resources/overrides';

/** The inspection action: its form with its state under it, cancelled with a reason, reactivated and concluded from there. */
export const views: ModuleViews = {
  edit: view(() => import('./Edit'), (m) => m.AcoesFiscalizacaoEdit),
};
