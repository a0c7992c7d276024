import { defineFeature } from '../../core/feature.js';
import { attachedDocumentRoutes, deleteAttachedDocuments } from './attached.js';
import { documentWrites } from './hooks.js';
import { documentRoutes } from './routes.js';

/**
 * Documents (spec 000 'Document types' and 'Documents'): a document's file checked against its type's
 * extensions, its metadata against the type's entries; download, archive, unarchive and history; and
 * the documents of every entity whose schema says `x-documents`.
 */
export const documentsFeature = defineFeature({ name: 'documents', migrations: [new URL('migrations', import.meta.url)] }, async (app, options) => {
  app.resources.hooks('documento', documentWrites);
  const documents = options.model.entities.find((e) => e.module === 'documento');
  if (documents) for (const owner of options.model.entities.filter((e) => e.documents)) app.resources.entityHooks(owner, deleteAttachedDocuments(documents));
  await app.register(documentRoutes, { model: options.model });
  await app.register(attachedDocumentRoutes, { model: options.model });
});
