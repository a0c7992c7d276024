import { view, type ModuleViews } from '../../resources/overrides';

/**
 * The inspection action: its insert form fills the signed-in supervisor; its form has its state under
 * it (cancelled with a reason, reactivated and concluded from there) and its annotations, infractions
 * and pendencies as sub-forms.
 */
export const views: ModuleViews = {
  create: view(() => import('./Create'), (m) => m.AcoesFiscalizacaoCreate),
  edit: view(() => import('./Edit'), (m) => m.AcoesFiscalizacaoEdit),
};
