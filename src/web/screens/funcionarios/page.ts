import type { FeaturePage } from '@kit/types';

/**
 * Employees (spec 001 `funcionarios`): the persons whose party type is the employee's, listed under
 * Cadastro for holders of `party.*`; inserting one opens the person form with that type chosen.
 */
export const page: FeaturePage = {
  path: 'funcionarios',
  label: 'Funcionários',
  area: 'cadastro',
  icon: 'Badge',
  requires: ['party.index', 'admin'],
  load: () => import('./EmployeesList'),
};
