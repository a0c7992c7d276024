import { view, type ModuleViews } from '../../resources/overrides';

/** A debt type's forms, their currency, sequence and settings options loaded in one call. */
export const views: ModuleViews = {
  create: view(() => import('./Forms'), (m) => m.TipoDebitoCreate),
  edit: view(() => import('./Forms'), (m) => m.TipoDebitoEdit),
};
