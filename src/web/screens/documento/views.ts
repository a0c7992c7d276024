import { view, type ModuleViews } from '../../resources/overrides';

/** Documents: the archive filter worded as the spec's, the metadata inputs of the chosen document type, and download, archive and unarchive on the record. */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.DocumentoList),
  create: view(() => import('./Create'), (m) => m.DocumentoCreate),
  edit: view(() => import('./Edit'), (m) => m.DocumentoEdit),
};
