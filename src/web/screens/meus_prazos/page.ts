import type { FeaturePage } from '@kit/types';

/** 'Meus prazos' (`/meus_prazos`), under Fiscalização, for every signed-in person: the deadlines they are reminded of. */
export const page: FeaturePage = {
  path: 'meus_prazos',
  label: 'Meus prazos',
  area: 'fiscalizacao',
  icon: 'Schedule',
  requires: ['any'],
  load: () => import('./MyDeadlinesPage'),
};
