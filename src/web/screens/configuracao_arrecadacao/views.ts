import { view, type ModuleViews } from '../../resources/overrides';

/** The revenue settings' list with the setting in force today above it. */
export const views: ModuleViews = {
  list: view(() => import('./List'), (m) => m.ConfiguracaoArrecadacaoList),
};
