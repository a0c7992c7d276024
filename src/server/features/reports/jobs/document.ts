/**
 * A printed report kept as a document (spec 000: `without_document`, `force_store`, the default
 * document type): of the reports' document type (`code` 'relatorio'), attached to the record the
 * report is of (`owner`, `owner_id`), or, with `force_store`, in the Documents list when it is of no
 * record. `without_document` keeps none. A format the type does not accept is not kept, and the
 * report's history says why.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { recordAudit } from '../../../core/audit/record.js';
import { conflict } from '../../../core/http/app-error.js';
import type { ModuleHooks } from '../../../core/resources/hooks.js';
import { councilMoment } from '../../../../shared/council-clock.js';
import type { ReportJob } from './sources.js';

export const REPORT_DOCUMENT_TYPE = 'relatorio';
export const DESIGN_ENTRY = 'Modelo de relatório';
export const SYSTEM_DOCUMENT_TYPE = 'Este tipo de documento é usado pelo sistema e não pode ser excluído.';
export const NO_REPORT_DOCUMENT_TYPE = 'O tipo de documento dos relatórios não foi encontrado.';

export interface ReportDocumentType { id: number; denomination: string; accepted_extensions: string[] }

/** The document type reports are kept as, with the formats it accepts. */
export async function reportDocumentType(db: Kysely<SpaceDatabase>): Promise<ReportDocumentType | null> {
  const row = await db.selectFrom('document_types').select(['id', 'denomination', 'accepted_extensions']).where('code', '=', REPORT_DOCUMENT_TYPE).executeTakeFirst();
  return row ? { id: Number(row.id), denomination: String(row.denomination), accepted_extensions: (row.accepted_extensions as string[]) ?? [] } : null;
}

/** The document a printed report becomes: what its row holds, or null when none is kept. */
export interface PlannedDocument {
  typeId: number;
  name: string;
  date: string;
  entityType: string | null;
  entityId: number | null;
  metadata: { id: number; name: string; type: 'string'; required: boolean; value: string }[];
  requestedBy: number | null;
}

/**
 * Whether a printed report is kept as a document, and as which: read from its job and the type,
 * before its transaction (the bytes are stored first); `skipped` is the reason a person reads when
 * the type refuses the format.
 */
export async function planReportDocument(db: Kysely<SpaceDatabase>, job: ReportJob, format: string, now = Date.now()): Promise<{ plan: PlannedDocument | null; skipped?: string }> {
  if (job.withoutDocument) return { plan: null };
  if (job.ownerId === null && !job.forceStore) return { plan: null };
  const type = await reportDocumentType(db);
  if (!type) return { plan: null, skipped: NO_REPORT_DOCUMENT_TYPE };
  if (!type.accepted_extensions.includes(format)) {
    return { plan: null, skipped: `O tipo de documento ${type.denomination} não aceita arquivos ${format.toUpperCase()}: o relatório não foi guardado como documento.` };
  }
  const entry = await db.selectFrom('document_type_metadata').select(['id', 'required']).where('document_type_id', '=', type.id).where('name', '=', DESIGN_ENTRY).executeTakeFirst();
  const [date, time] = councilMoment(now).split(' ');
  return {
    plan: {
      typeId: type.id,
      name: `${job.design.name} (${date.split('-').reverse().join('/')} ${time.slice(0, 5)})`.slice(0, 255),
      date,
      entityType: job.owner,
      entityId: job.ownerId,
      metadata: entry ? [{ id: Number(entry.id), name: DESIGN_ENTRY, type: 'string', required: entry.required === true, value: job.design.name }] : [],
      requestedBy: job.requestedBy,
    },
  };
}

/** Inserts the document row (its file row is the caller's) and links the report to it; audited as the asker's. */
export async function insertReportDocument(trx: Kysely<SpaceDatabase>, reportId: number, plan: PlannedDocument, fileId: string, format: string): Promise<number> {
  const document = await trx
    .insertInto('documents')
    .values({
      document_type_id: plan.typeId, name: plan.name, date: plan.date, document: fileId, metadata: JSON.stringify(plan.metadata),
      file_extension: format, physical: false, filed: false, entity_type: plan.entityType, entity_id: plan.entityId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(document.id);
  await trx.updateTable('reports').set({ document_id: id }).where('id', '=', reportId).execute();
  await recordAudit(trx, {
    event: 'created', userId: plan.requestedBy, module: 'documento', recordId: id,
    newValues: { name: plan.name, document_type_id: plan.typeId, entity_type: plan.entityType, entity_id: plan.entityId, report_id: reportId },
  });
  return id;
}

/** The reports' document type is never deleted (its name and formats are the council's to change). */
export const systemDocumentTypes: ModuleHooks = {
  beforeDelete(_trx, { record }) {
    if (record.code != null) throw conflict(SYSTEM_DOCUMENT_TYPE);
  },
};
