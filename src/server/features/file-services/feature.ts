import { join } from 'node:path';
import { defineFeature } from '../../core/feature.js';
import { fileServiceAddressRule, fileServiceRules } from './rules.js';
import { serviceStorages } from './storages.js';

/**
 * File services (spec 000, tipo_servico_arquivo): the one service of a space in use takes its new
 * files, and each file is read and deleted through the service that holds it. A model without the
 * module keeps every space's files in its own folder (the core's storages).
 */
export const fileServicesFeature = defineFeature({ name: 'file-services' }, async (app, { model, config }) => {
  if (!model.byModule.has('tipo_servico_arquivo')) return;
  app.resources.hooks('tipo_servico_arquivo', fileServiceAddressRule, fileServiceRules);
  const storages = serviceStorages({ filesRoot: join(config.dataDir, 'files') });
  app.resources.fileStorages(storages);
  app.addHook('onClose', async () => storages.clear());
});
