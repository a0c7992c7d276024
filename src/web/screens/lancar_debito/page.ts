import type { FeaturePage } from '@kit/types';

/** 'Lançar débito' (`/lancar_debito`), under Financeiro: a control account posted by hand (docs/RECEIVABLES.md §3, §9). */
export const page: FeaturePage = {
  path: 'lancar_debito',
  label: 'Lançar débito',
  area: 'financeiro',
  icon: 'AccountBalance',
  requires: ['controlAccount.post', 'admin'],
  load: () => import('./PostingPage'),
};
