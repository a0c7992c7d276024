import type { FeaturePage } from '@kit/types';

/** The parameters form (`/parametros`), under Sistema, for holders of parameter.index. */
export const page: FeaturePage = {
  path: 'parametros',
  label: 'Parâmetros',
  area: 'sistema',
  icon: 'Tune',
  requires: ['parameter.index', 'admin'],
  load: () => import('./ParametersPage'),
};
