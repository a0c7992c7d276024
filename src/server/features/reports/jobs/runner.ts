/**
 * Prints one report its process has taken (status 2): renders it with its design's engine, keeps the
 * file (bytes in the space's storage, then its row, claimed by the report), and ends the job in 3
 * Impresso or 4 Erros with a reason a person can read, each with its audit row. While it renders,
 * the job beats every few seconds so that no other process takes it again.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import type { Model } from '../../../../../language/index.js';
import { recordAudit } from '../../../core/audit/record.js';
import { FILES_TABLE } from '../../../core/resources/files.js';
import type { SpaceStorages } from '../../../core/storage/storages.js';
import { ReportError, type ReportEngine, type ReportEngineSettings } from '../engine.js';
import { insertReportDocument, planReportDocument } from './document.js';
import { beat, REPORT_STATUS } from './queue.js';
import { accessOf, loadJob, type ReportJob } from './sources.js';

export const BEAT_MS = 5_000;
export const UNEXPECTED = 'Não foi possível gerar o relatório; tente novamente ou fale com o suporte.';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export interface RunnerDeps {
  model: Model;
  /** The engine a design's engine type names (engines.ts); a ReportError for one this server does not know. */
  engineFor(settings: ReportEngineSettings): ReportEngine;
  files: SpaceStorages;
  signal: AbortSignal;
  log(error: unknown, id: number): void;
  /** Milliseconds since the epoch (default the system's): the day and time a kept document is named by. */
  now?(): number;
}

export async function printReport(db: Kysely<SpaceDatabase>, id: number, deps: RunnerDeps): Promise<void> {
  const beating = setInterval(() => void beat(db, id).catch(() => undefined), BEAT_MS);
  try {
    const job = await loadJob(db, deps.files, id);
    const engine = deps.engineFor(job.engine);
    const output = await engine.render({
      design: job.design, engine: job.engine, parameters: { ...job.parameters, owner: job.owner, owner_id: job.ownerId },
      format: job.format, db, model: deps.model, access: await accessOf(db, job.requestedBy), signal: deps.signal,
    });
    await keepOutput(db, job, output, deps.files, deps.now?.() ?? Date.now());
  } catch (error) {
    if (!(error instanceof ReportError)) deps.log(error, id);
    await endInError(db, id, error instanceof ReportError ? error.message : UNEXPECTED);
  } finally {
    clearInterval(beating);
  }
}

/**
 * The bytes first (the report's, and a copy for the document it is kept as: document.ts), then the
 * rows and the report's new state in one transaction: never a report or document naming a file the
 * storage lacks.
 */
async function keepOutput(db: Kysely<SpaceDatabase>, job: ReportJob, output: { bytes: Buffer; format: keyof typeof CONTENT_TYPES; fileName: string }, files: SpaceStorages, now: number) {
  const id = job.id;
  const { serviceId, storage } = await files.active();
  const { plan, skipped } = await planReportDocument(db, job, output.format, now);
  const fileId = randomUUID();
  const key = `relatorio/file_link/${fileId}`;
  const documentFileId = randomUUID();
  const documentKey = `documento/document/${documentFileId}`;
  const file = (fileId: string, key: string, module: string, field: string, recordId: number, uploadedBy: number | null) => ({
    id: fileId, module, field, record_id: recordId, name: output.fileName, size: output.bytes.length,
    content_type: CONTENT_TYPES[output.format], storage_key: key, service_id: serviceId, uploaded_by: uploadedBy,
  });
  await storage.put(key, output.bytes);
  if (plan) await storage.put(documentKey, output.bytes);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto(FILES_TABLE).values(file(fileId, key, 'relatorio', 'file_link', id, null)).execute();
      const done = await trx
        .updateTable('reports')
        .set({ status: REPORT_STATUS.printed, file_link: fileId, file_extension: output.format, finished_at: new Date(), error_reason: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', REPORT_STATUS.printing)
        .returning('id')
        .executeTakeFirst();
      // Taken again by another process meanwhile (this one stopped beating): that one prints it.
      if (!done) throw new ReportError('O relatório foi retomado por outro processo.');
      await recordAudit(trx, { event: 'printed', userId: null, module: 'relatorio', recordId: id, newValues: { status: REPORT_STATUS.printed, file: output.fileName } });
      if (plan) {
        const documentId = await insertReportDocument(trx, id, plan, documentFileId, output.format);
        await trx.insertInto(FILES_TABLE).values(file(documentFileId, documentKey, 'documento', 'document', documentId, plan.requestedBy)).execute();
        await recordAudit(trx, { event: 'kept_as_document', userId: null, module: 'relatorio', recordId: id, newValues: { document_id: documentId, name: plan.name } });
      } else if (skipped) {
        await recordAudit(trx, { event: 'not_kept_as_document', userId: null, module: 'relatorio', recordId: id, newValues: { reason: skipped } });
      }
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    if (plan) await storage.delete(documentKey).catch(() => undefined);
    if (error instanceof ReportError && error.message.includes('retomado')) return;
    throw error;
  }
}

async function endInError(db: Kysely<SpaceDatabase>, id: number, reason: string) {
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('reports')
      .set({ status: REPORT_STATUS.failed, error_reason: reason, finished_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', REPORT_STATUS.printing)
      .returning('id')
      .executeTakeFirst();
    if (ended) await recordAudit(trx, { event: 'print_failed', userId: null, module: 'relatorio', recordId: id, newValues: { status: REPORT_STATUS.failed, error_reason: reason } });
  });
}
