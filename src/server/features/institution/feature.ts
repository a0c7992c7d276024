import { defineFeature } from '../../core/feature.js';
import { defaultEmployer, presidentKept } from './person-hooks.js';
import { institutionChoosesParties } from './party-choices.js';
import { institutionKept } from './party-type.js';
import { institutionRoutes } from './routes.js';

/**
 * The institution's settings (spec 000 'instituicao'): the institution and its president, both
 * parties, read by anyone signed in and changed with `institution.update`; the institution is the
 * default employer of a person's new work relation. Only a model with the registry's parties has them.
 */
export const institutionFeature = defineFeature({
  name: 'institution',
  migrations: [new URL('migrations', import.meta.url)],
  permissions: [{ name: 'institution.update', label: 'Instituição — alterar', area: 'sistema' }],
}, async (app, { model }) => {
  if (!model.byModule.has('partes') || !model.byModule.has('pessoa_fisica')) return;
  app.resources.hooks('pessoa_fisica', defaultEmployer, presidentKept);
  if (model.byModule.has('pessoa_juridica')) app.resources.hooks('pessoa_juridica', institutionKept);
  app.resources.accessRule(institutionChoosesParties);
  await app.register(institutionRoutes);
});
