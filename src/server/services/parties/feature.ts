import { defineFeature } from '../../core/feature.js';
import { actionPermissions } from '../../core/resources/permissions.js';
import { courseRelationInstitutions } from './courses.js';
import { departmentTree } from './departments.js';
import { employeesRoutes } from './employees.js';
import { systemPartyTypes } from './party-types.js';
import { employeeRules, workScheduleRules } from './person-rules.js';
import { personUserChoices } from './person-user.js';
import { taxIdRoutes } from './routes.js';
import { sectorsOfEmployer, workRelationSectors } from './sectors.js';

/**
 * The registry's parties: every person, legal entity and organization is a party (kept by the
 * database, migrations/), the party types the product relies on, a person's work schedule and the
 * sector of each work relation among its employer's, the course of each course relation among its
 * institution's, an employee's work relation, the departments' tree, the look-ups of a person by
 * CPF and of a legal entity by CNPJ, the persons a legal entity employs, and the users' options to
 * whoever links a person to its user.
 */
export const partiesFeature = defineFeature({
  name: 'parties',
  migrations: [new URL('migrations', import.meta.url)],
  // The persons' and companies' screens share one permission, their common party's.
  permissions: actionPermissions('party', 'Pessoas', 'cadastro'),
}, async (app, { model }) => {
  app.resources.hooks('tipos_parte', systemPartyTypes);
  app.resources.hooks('pessoa_fisica', workScheduleRules, workRelationSectors, employeeRules, courseRelationInstitutions);
  app.resources.hooks('departamentos', departmentTree);
  app.resources.comboParam('setores', 'employer_id', sectorsOfEmployer);
  if (model.byModule.has('usuarios')) app.resources.accessRule(personUserChoices);
  await app.register(taxIdRoutes, { model });
  await app.register(employeesRoutes, { model });
});
