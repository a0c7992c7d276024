import { defineFeature } from '../feature.js';
import { systemPartyTypes } from './party-types.js';
import { employeeRules, workScheduleRules } from './person-rules.js';
import { personRoutes } from './routes.js';

/**
 * The registry's parties: every person is a party (kept by the database, migrations/), the party
 * types the product relies on, a person's work schedule rules, an employee's work relation, and the
 * look-up of a person by CPF.
 */
export const partiesFeature = defineFeature('parties', async (app, { model }) => {
  app.resources.hooks('tipos_parte', systemPartyTypes);
  app.resources.hooks('pessoa_fisica', workScheduleRules, employeeRules);
  await app.register(personRoutes, { model });
});
