import type { FeaturePage } from '@kit/types';

/** A module's spreadsheet import (`/importar/{module}`), opened by 'Importar' on the module's list. */
export const page: FeaturePage = {
  path: 'importar/:module',
  label: 'Importar planilha',
  area: 'cadastro',
  icon: 'CloudUpload',
  requires: [],
  listed: false,
  load: () => import('./ImportPage'),
};
