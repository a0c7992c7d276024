import type { FeaturePage } from '@kit/types';

/** 'Geração de anuidades' (`/geracao_anuidades`), under Financeiro: the annual generation's dry run, commit and progress (docs/RECEIVABLES.md §4). */
export const page: FeaturePage = {
  path: 'geracao_anuidades',
  label: 'Geração de anuidades',
  area: 'financeiro',
  icon: 'ListAlt',
  requires: ['controlAccount.generate', 'admin'],
  load: () => import('./GenerationPage'),
};
