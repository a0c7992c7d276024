/**
 * The document's own calls (spec 000 'Documents'), beside its generic routes:
 * - `GET /api/documento/{id}/download`: the file as an attachment named by the document's name and
 *   extension (`document.show`); 404 'Documento não encontrado.'.
 * - `POST /api/documento/{id}/archive`, `POST /api/documento/{id}/unarchive` (`document.update`):
 *   the document as it now is; 409 when its state does not allow it (archive.ts).
 * - `GET /api/documento/{id}/history` (`document.show`): its audit rows, newest first.
 */
import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { notFound } from '../../core/http/app-error.js';
import { anyObject, dataAnswer, idParams, recordOf } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import { safeFileName } from '../../core/resources/file-content.js';
import { sendAttachment, storedBytes } from '../../core/resources/file-routes.js';
import { FILES_TABLE } from '../../core/resources/files.js';
import { parseId } from '../../core/resources/read.js';
import { recordHistory } from '../../core/audit/index.js';
import { DOCUMENT_NOT_FOUND, setFiled } from './archive.js';
import { fileTypeOfContent } from './extensions.js';
import { spaceTables } from '../../core/db/dynamic.js';


const documentId = (raw: string) => parseId(raw, DOCUMENT_NOT_FOUND);

const tags = ['documento'];
const contracts = {
  download: {
    tags, summary: "O arquivo do documento, como anexo chamado pelo nome e extensão do documento (permissão `document.show`); 404 'Documento não encontrado.'",
    params: idParams,
    response: { 200: { description: 'Os bytes do arquivo (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`)' } },
    errors: ['401', '403', '404'],
  },
  archive: {
    tags, summary: 'Arquiva o documento (permissão `document.update`, auditado): só um documento não arquivado de tipo não físico; 409 caso contrário',
    params: idParams,
    response: { 200: dataAnswer('O documento arquivado', recordOf('Documento')) },
    errors: ['401', '403', '404', '409'],
  },
  unarchive: {
    tags, summary: 'Desarquiva o documento (permissão `document.update`, auditado); 409 se não está arquivado',
    params: idParams,
    response: { 200: dataAnswer('O documento desarquivado', recordOf('Documento')) },
    errors: ['401', '403', '404', '409'],
  },
  history: {
    tags, summary: 'O histórico do documento: suas linhas de auditoria, da mais nova à mais antiga, com quem mudou (permissão `document.show`)',
    params: idParams,
    response: { 200: dataAnswer('OK', { type: 'array', items: anyObject }) },
    errors: ['401', '403', '404'],
  },
} as const;

export async function documentRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.entities.find((e) => e.module === 'documento');
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);
  const routes = app.withTypeProvider<ContractTypes>();

  routes.get('/api/documento/:id/download', { schema: contracts.download }, async (request, reply) => {
    const { db, context } = allow(request, entity, 'show', 'show');
    const id = documentId(request.params.id);
    const row = await db
      .selectFrom('documents as d')
      .innerJoin(`${FILES_TABLE} as f`, 'f.id', 'd.document')
      .select(['d.name', 'f.size', 'f.content_type', 'f.storage_key', 'f.service_id'])
      .where('d.id', '=', id)
      .where('f.module', '=', 'documento')
      .where('f.record_id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    const type = fileTypeOfContent(String(row.content_type));
    // A document's name is a title, not a path: 'Ofício 12/2026' keeps its number.
    const title = String(row.name).replace(/[\\/]/g, '-');
    const name = safeFileName(type ? `${title}.${type}` : title, type ?? 'txt');
    const bytes = await storedBytes(request, context, row, DOCUMENT_NOT_FOUND);
    // A document may be HTML: even opened by hand, it runs nothing.
    reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
    return sendAttachment(reply, row, name, bytes);
  });

  for (const [action, filed] of [['archive', true], ['unarchive', false]] as const) {
    routes.post(`/api/documento/:id/${action}`, { schema: contracts[action] }, async (request) => {
      const { db, context } = allow(request, entity, 'update', 'update');
      return { data: await setFiled(spaceTables(db), entity, documentId(request.params.id), filed, context) };
    });
  }

  routes.get('/api/documento/:id/history', { schema: contracts.history }, async (request) => {
    const { db } = allow(request, entity, 'show', 'show');
    const id = documentId(request.params.id);
    const exists = await db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound(DOCUMENT_NOT_FOUND);
    return { data: await recordHistory(spaceTables(db), 'documento', id) };
  });
}
