/**
 * A report's own calls (spec 000 'Reports'), beside its generic routes:
 * - `GET /api/relatorio/{id}/print` (`report.show`): `{ data: { file (base64), name, extension,
 *   history } }` once printed; 404 'Documento não encontrado.' before, or without its file.
 * - `GET /api/relatorio/{id}/history` (`report.show`): its audit rows, newest first.
 * - `GET /api/relatorio/default_document_type` (`report.generate`): the document type a report's file
 *   is kept as, with the formats it accepts (`{ data: { id, denomination, accepted_extensions } }`).
 */
import type { FastifyInstance } from 'fastify';
import { buffer } from 'node:stream/consumers';
import type { Model } from '../../../../../language/index.js';
import { recordHistory } from '../../../core/audit/index.js';
import { notFound } from '../../../core/http/app-error.js';
import { anyObject, dataAnswer, idParams, integer, nullableText, text } from '../../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../../core/http/route-contracts.js';
import { operationAccess } from '../../../core/resources/access.js';
import { storedBytes } from '../../../core/resources/file-routes.js';
import { FILES_TABLE } from '../../../core/resources/files.js';
import { parseId } from '../../../core/resources/read.js';
import { NO_REPORT_DOCUMENT_TYPE, reportDocumentType } from './document.js';
import { REPORT_STATUS } from './queue.js';
import { spaceTables } from '../../../core/db/dynamic.js';

export const REPORT_NOT_FOUND = 'Documento não encontrado.';

const tags = ['relatorio'];
const contracts = {
  print: {
    tags, summary: 'O arquivo do relatório impresso, em base64, com o nome, a extensão e o histórico (permissão `report.show`; docs/REPORTS.md)',
    params: idParams,
    response: { 200: dataAnswer('O arquivo', { type: 'object', properties: { file: { type: 'string', description: 'Os bytes em base64' }, name: text, extension: nullableText, history: { type: 'array', items: anyObject } } }) },
    errors: ['401', '403', '404'],
  },
  documentType: {
    tags, summary: 'O tipo de documento com que os relatórios são guardados (permissão `report.generate`; 404 quando não há)',
    response: { 200: dataAnswer('O tipo de documento', { type: 'object', properties: { id: integer, denomination: text, accepted_extensions: { type: 'array', items: text } }, required: ['id', 'denomination', 'accepted_extensions'], additionalProperties: false }) },
    errors: ['401', '403', '404'],
  },
  history: {
    tags, summary: 'O histórico do relatório: suas linhas de auditoria, da mais nova à mais antiga (permissão `report.show`)',
    params: idParams,
    response: { 200: dataAnswer('OK', { type: 'array', items: anyObject }) },
    errors: ['401', '403', '404'],
  },
} as const;

export async function reportRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get('relatorio');
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);
  const reportId = (raw: string) => parseId(raw, REPORT_NOT_FOUND);
  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/relatorio/:id/print', { schema: contracts.print }, async (request) => {
    const allowed = allow(request, entity, 'show', 'show');
    const db = spaceTables(allowed.db);
    const id = reportId(request.params.id);
    const row = await db
      .selectFrom('reports as r')
      .innerJoin(`${FILES_TABLE} as f`, 'f.id', 'r.file_link')
      .select(['f.name', 'f.storage_key', 'f.service_id', 'r.file_extension'])
      .where('r.id', '=', id)
      .where('r.status', '=', REPORT_STATUS.printed)
      .executeTakeFirst();
    if (!row) throw notFound(REPORT_NOT_FOUND);
    const bytes = await buffer(await storedBytes(request, allowed.context, row, REPORT_NOT_FOUND));
    return { data: { file: bytes.toString('base64'), name: row.name, extension: row.file_extension, history: await recordHistory(db, 'relatorio', id) } };
  });

  routes.get('/api/relatorio/default_document_type', { schema: contracts.documentType }, async (request) => {
    const { db } = allow(request, entity, 'create', 'generate');
    const type = await reportDocumentType(spaceTables(db));
    if (!type) throw notFound(NO_REPORT_DOCUMENT_TYPE);
    return { data: type };
  });

  routes.get('/api/relatorio/:id/history', { schema: contracts.history }, async (request) => {
    const { db } = allow(request, entity, 'show', 'show');
    const id = reportId(request.params.id);
    if (!(await db.selectFrom('reports').select('id').where('id', '=', id).executeTakeFirst())) throw notFound(REPORT_NOT_FOUND);
    return { data: await recordHistory(spaceTables(db), 'relatorio', id) };
  });
}
