import { view, type ModuleViews } from '../../resources/overrides';

/** A new system's token, shown once after the insert. */
export const views: ModuleViews = {
  create: view(() => import('./Create'), (m) => m.SistemasCreate),
};
