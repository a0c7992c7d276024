import { defineFeature } from '../../core/feature.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { occurrenceRoutes } from './routes.js';
import './tables.js';

/** A record's occurrences go with it (in the delete's transaction). */
const deleteOccurrences: ModuleHooks = {
  async beforeDelete(trx, { entity, id }) {
    await trx.deleteFrom('occurrences').where('entity_type', '=', entity.module).where('entity_id', '=', id).execute();
  },
};

/**
 * Occurrences (spec 002): the occurrences of every entity whose schema says `x-occurrences`
 * (registrations, persons and legal entities now; inspections and inspection actions will declare it
 * with their modules), numbered from their type's sequence, and the occurrence types' combo.
 */
export const occurrencesFeature = defineFeature({ name: 'occurrences', migrations: [new URL('migrations', import.meta.url)] }, async (app, { model }) => {
  if (!model.byModule.has('tipos_ocorrencia')) return;
  for (const owner of model.entities.filter((e) => e.occurrences)) app.resources.entityHooks(owner, deleteOccurrences);
  await app.register(occurrenceRoutes, { model });
});
