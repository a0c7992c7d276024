import type { FeaturePage } from '@kit/types';

/** The institution's settings (`/instituicao`, spec 000 'instituicao'), under Sistema, for holders of institution.update. */
export const page: FeaturePage = {
  path: 'instituicao',
  label: 'Instituição',
  area: 'sistema',
  icon: 'AccountBalance',
  requires: ['institution.update', 'admin'],
  load: () => import('./InstitutionPage'),
};
