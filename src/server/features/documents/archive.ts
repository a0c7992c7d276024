import type { Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity } from '../../../../language/index.js';
import { recordAudit } from '../../core/audit/record.js';
import { conflict, notFound } from '../../core/http/app-error.js';
import type { WriteContext } from '../../core/resources/hooks.js';
import { findRecord } from '../../core/resources/read.js';
import { nextVersion } from '../../core/resources/versions.js';

export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';
export const ALREADY_FILED = 'Este documento já está arquivado.';
export const NOT_FILED = 'Este documento não está arquivado.';
export const PHYSICAL_NOT_FILED = 'Documento de tipo físico não pode ser arquivado.';

/**
 * Archives (`filed` true, `filed_at` now) or unarchives a document, with its audit row, in one
 * transaction holding the document's row: of two people archiving at once, one archives and the
 * other hears it is already archived. Only a document that is not archived and whose type is not
 * physical is archived; only an archived one is unarchived.
 */
export async function setFiled(db: Kysely<SpaceDatabase>, entity: Entity, id: number, filed: boolean, context: WriteContext): Promise<Record<string, unknown>> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('documents as d')
      .innerJoin('document_types as t', 't.id', 'd.document_type_id')
      .select(['d.filed', 'd.filed_at', 'd.updated_at', 't.physical'])
      .where('d.id', '=', id)
      .forUpdate('d')
      .executeTakeFirst();
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    if (filed && row.filed === true) throw conflict(ALREADY_FILED);
    if (filed && row.physical === true) throw conflict(PHYSICAL_NOT_FILED);
    if (!filed && row.filed !== true) throw conflict(NOT_FILED);
    const filedAt = filed ? new Date() : null;
    await trx.updateTable('documents').set({ filed, filed_at: filedAt, updated_at: nextVersion(row.updated_at) }).where('id', '=', id).execute();
    const record = await findRecord(dynamic(trx), entity, id);
    await recordAudit(trx, {
      event: filed ? 'archived' : 'unarchived',
      userId: context.userId,
      module: entity.module,
      recordId: id,
      oldValues: { filed: row.filed === true, filed_at: row.filed_at ?? null },
      newValues: { filed: record.filed, filed_at: record.filed_at },
    });
    return record;
  });
}
