import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { conflict, invalid, type FieldErrors } from '../../core/http/app-error.js';
import { fileIdOf, FILES_TABLE } from '../../core/resources/files.js';
import type { ModuleHooks, WriteContext } from '../../core/resources/hooks.js';
import { acceptsType, fileTypeOfContent, INVALID_EXTENSION } from './extensions.js';
import { checkMetadata, type MetadataValue } from './metadata.js';
import { findDocumentType } from './types.js';

export const FILED_DOCUMENT = 'Documento arquivado não pode ser alterado; desarquive-o antes.';
const DOCUMENT_MODULE = 'documento';

/** What beforeWrite worked out, stored by afterWrite in the same transaction. */
interface Derived {
  metadata?: MetadataValue[];
  file_extension: string | null;
  physical: boolean;
}
const derived = new WeakMap<WriteContext, Derived>();

/** The type of the stored file `fileId` of a document, read from its row; undefined when no such upload is there. */
async function typeOfFile(db: Kysely<SpaceDatabase>, fileId: string | null) {
  if (!fileId) return undefined;
  const row = await db.selectFrom(FILES_TABLE).select('content_type').where('id', '=', fileId).where('module', '=', DOCUMENT_MODULE).where('field', '=', 'document').executeTakeFirst();
  return row ? { type: fileTypeOfContent(String(row.content_type)) } : undefined;
}

/**
 * `documento`: the file's type must be one its document type accepts ('Arquivo com extensão
 * inválida.'), the metadata must fill the type's entries with values of their types, and an
 * archived document is not changed. The record then keeps the metadata with its entries' names, the
 * file's extension and whether its type is physical (server-set fields, written after the record in
 * its transaction).
 */
export const documentWrites: ModuleHooks = {
  transforms: ['metadata', 'file_extension', 'physical'],
  async beforeWrite(trx, { mode, body, previous, context }) {
    if (previous?.filed === true) throw conflict(FILED_DOCUMENT);
    const typeId = Number(body.document_type_id ?? previous?.document_type_id);
    const type = await findDocumentType(trx, typeId);
    if (!type) return; // the generic reference check has said so on document_type_id
    const errors: FieldErrors = {};
    const file = await typeOfFile(trx, fileIdOf('document' in body ? body.document : previous?.document));
    if (file && !acceptsType(type.accepted_extensions, file.type)) errors.document = [INVALID_EXTENSION];
    const typeChanged = previous !== undefined && Number(previous.document_type_id) !== typeId;
    let metadata: MetadataValue[] | undefined;
    if (mode === 'create' || 'metadata' in body || typeChanged) {
      const checked = checkMetadata('metadata' in body ? body.metadata : previous?.metadata, type.metadata);
      Object.assign(errors, checked.errors);
      metadata = checked.values;
    }
    if (Object.keys(errors).length) throw invalid(errors);
    derived.set(context, { metadata, file_extension: file?.type ?? null, physical: type.physical });
  },
  async afterWrite(trx, { record, context }) {
    const values = derived.get(context);
    derived.delete(context);
    if (!values) return;
    const changes: Record<string, unknown> = { physical: values.physical };
    if (values.file_extension) changes.file_extension = values.file_extension;
    if (values.metadata) changes.metadata = values.metadata;
    const stored = { ...changes, ...(values.metadata ? { metadata: JSON.stringify(values.metadata) } : {}) };
    await trx.updateTable('documents').set(stored).where('id', '=', Number(record.id)).execute();
    Object.assign(record, changes);
  },
};
