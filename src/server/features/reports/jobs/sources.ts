/**
 * What a report's job reads before it renders: the report, its design with the design file's bytes
 * (from the storage of the service that holds them), the engine the design names, and who asked.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { effectivePermissions } from '../../auth/grants.js';
import { ADMIN } from '../../../core/http/session.js';
import { FILES_TABLE, keptContent } from '../../../core/resources/files.js';
import type { SpaceStorages } from '../../../core/storage/storages.js';
import { ReportError, type ReportAccess, type ReportDesign, type ReportEngineSettings, type ReportFormat } from '../engine.js';

export interface ReportJob {
  id: number;
  format: ReportFormat;
  parameters: Record<string, unknown>;
  owner: string | null;
  ownerId: number | null;
  requestedBy: number | null;
  /** Whether its file is kept as a document: never (`without_document`), or even of no record (`force_store`). */
  withoutDocument: boolean;
  forceStore: boolean;
  design: ReportDesign;
  engine: ReportEngineSettings;
}

const FORMATS: readonly ReportFormat[] = ['pdf', 'xlsx', 'csv'];

/** The bytes of a stored file (a design's), wherever its service keeps them, or from its row (a shipped design). */
async function fileBytes(db: Kysely<SpaceDatabase>, files: SpaceStorages, fileId: unknown): Promise<Buffer | null> {
  if (typeof fileId !== 'string') return null;
  const row = await db.selectFrom(FILES_TABLE).select(['storage_key', 'service_id', 'content']).where('id', '=', fileId).executeTakeFirst();
  if (!row) return null;
  const kept = keptContent(row);
  if (kept) return kept;
  const storage = await files.of(row.service_id == null ? null : Number(row.service_id));
  return storage.get(String(row.storage_key));
}

export async function loadJob(db: Kysely<SpaceDatabase>, files: SpaceStorages, id: number): Promise<ReportJob> {
  const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!report) throw new ReportError('O relatório não existe mais.');
  const design = await db.selectFrom('report_design_types').selectAll().where('id', '=', report.report_design_type_id).executeTakeFirst();
  if (!design) throw new ReportError('O modelo do relatório não existe mais.');
  const engine = await db.selectFrom('report_engine_types').selectAll().where('id', '=', design.report_engine_type_id).executeTakeFirst();
  if (!engine) throw new ReportError('O gerador do modelo do relatório não existe mais.');
  const file = await fileBytes(db, files, design.file);
  if (!file) throw new ReportError('O arquivo do modelo do relatório não foi encontrado.');
  const parameters = await db.selectFrom('report_design_type_parameters').selectAll().where('report_design_type_id', '=', design.id).orderBy('id').execute().catch(() => []);
  const format = String(report.file_extension) as ReportFormat;
  if (!FORMATS.includes(format)) throw new ReportError(`Formato de relatório desconhecido: ${String(report.file_extension)}.`);
  return {
    id,
    format,
    parameters: report.used_parameters && typeof report.used_parameters === 'object' ? (report.used_parameters as Record<string, unknown>) : {},
    owner: report.owner ?? null,
    ownerId: report.owner_id == null ? null : Number(report.owner_id),
    requestedBy: report.requested_by == null ? null : Number(report.requested_by),
    withoutDocument: report.without_document === true,
    forceStore: report.force_store === true,
    design: {
      id: Number(design.id),
      name: String(design.name),
      file,
      compiledFile: await fileBytes(db, files, design.compiled_file),
      parameters,
      version: design.version ?? null,
    },
    engine: {
      id: Number(engine.id),
      reportEngine: Number(engine.report_engine),
      engineVersion: engine.engine_version ?? null,
      externalServer: engine.external_server === true,
      serverUrl: engine.server_url ?? null,
      serverLogin: engine.server_login ?? null,
      serverPassword: engine.server_password ?? null,
    },
  };
}

/** The grants of the person who asked, read now: a report lists only what they may list. */
export async function accessOf(db: Kysely<SpaceDatabase>, userId: number | null): Promise<ReportAccess> {
  if (userId === null) throw new ReportError('O relatório não diz quem o pediu.');
  const user = await db.selectFrom('users').select(['id', 'active']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.active === false) throw new ReportError('Quem pediu o relatório não está mais ativo.');
  const held = new Set(await effectivePermissions(db, userId));
  return { userId, may: (permission) => held.has(ADMIN) || held.has(permission) };
}
