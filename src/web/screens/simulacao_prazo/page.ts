import type { FeaturePage } from '@kit/types';

/** The deadline simulation (`/simulacao_prazo`), under Tabelas, for whoever may use deadlines or their types. */
export const page: FeaturePage = {
  path: 'simulacao_prazo',
  label: 'Simulação de prazo',
  area: 'tabelas',
  icon: 'Schedule',
  requires: ['deadline.index', 'deadline.store', 'deadline.update', 'deadlineType.index', 'deadlineType.show', 'admin'],
  load: () => import('./DeadlineSimulationPage'),
};
