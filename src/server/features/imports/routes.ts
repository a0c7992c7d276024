/**
 * The import routes of every module a person may create records of (docs/API.md 'Imports'):
 * - `GET /api/{module}/import/template?format=xlsx|csv`: the empty spreadsheet with the pt-BR headers;
 * - `POST /api/{module}/import` (multipart, one file): the file read into an import, its columns mapped: 201;
 * - `GET /api/{module}/import/{id}`: status, mapping, counts by action, progress;
 * - `PUT /api/{module}/import/{id}/mapping` `{ mapping: { "<column index>": "<field>" } }`: remembered for the module;
 * - `POST /api/{module}/import/{id}/check`: the dry run; `GET …/rows?action=&page=`: its rows;
 * - `GET /api/{module}/import/{id}/errors?format=xlsx|csv`: the rows in error with an 'Erros' column;
 * - `POST /api/{module}/import/{id}/commit`: the commit queued for the background job: 202.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importable, type Entity, type Model } from '../../../../language/index.js';
import { AppError, badRequest, invalid } from '../../core/http/app-error.js';
import { attachmentDisposition } from '../../core/resources/file-content.js';
import { insertActions, operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import type { Cell } from './cells.js';
import { CONTENT_TYPES, errorFile, templateFile } from './files.js';
import { checkImport, findImport, importRows, importSummary, queueImport, setMapping, startImport } from './operations.js';
import { spaceTables } from '../../core/db/dynamic.js';

export const MAX_IMPORT_FILE = 30 * 1024 * 1024;
/** The multipart field the spreadsheet comes in. */
export const IMPORT_FIELD = 'file';
export const NO_IMPORT_FILE = `Envie a planilha (CSV ou XLSX) no campo ${IMPORT_FIELD}.`;
export const IMPORT_TOO_LARGE = `A planilha pode ter no máximo ${MAX_IMPORT_FILE / 1024 / 1024} MB.`;

type Params = { id: string };


function formatOf(raw: unknown): 'csv' | 'xlsx' {
  const format = typeof raw === 'string' ? raw.toLowerCase() : 'xlsx';
  if (format !== 'csv' && format !== 'xlsx') throw badRequest('O parâmetro format deve ser csv ou xlsx.');
  return format;
}

async function uploaded(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw invalid({ file: [NO_IMPORT_FILE] });
  try {
    const part = await request.file({ limits: { fileSize: MAX_IMPORT_FILE, files: 1, fields: 0, parts: 1 } });
    // The spreadsheet comes in the field the contract names, as the form sends it: no other is read.
    if (!part) throw invalid({ file: [NO_IMPORT_FILE] });
    if (part.fieldname !== IMPORT_FIELD) {
      part.file.resume();
      throw invalid({ file: [NO_IMPORT_FILE] });
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw invalid({ file: [IMPORT_TOO_LARGE] });
    return { name: part.filename || 'planilha', bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [IMPORT_TOO_LARGE] });
    throw invalid({ file: [NO_IMPORT_FILE] });
  }
}

export async function importRoutes(app: FastifyInstance, options: { model: Model; nudge: () => void }) {
  const { model } = options;
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
  const allow = operationAccess(model, app.resources);
  /** An import writes as the forms do: who may create the module's records (and update them, where it offers updates). */
  const access = (request: FastifyRequest, entity: Entity) => {
    const granted = allow(request, entity, 'create', ...insertActions(entity));
    if (entity.operations.update) allow(request, entity, 'update', 'update');
    return granted;
  };

  for (const entity of model.entities.filter(importable)) {
    const base = `/api/${entity.module}/import`;

    app.get(`${base}/template`, async (request, reply) => {
      access(request, entity);
      const format = formatOf((request.query as Record<string, unknown>).format);
      const bytes = await templateFile(entity, format);
      return reply.headers({ 'content-type': CONTENT_TYPES[format], 'content-disposition': attachmentDisposition(`Modelo - ${entity.label.plural}.${format}`), 'cache-control': 'no-store' }).send(bytes);
    });

    app.post(base, async (request, reply) => {
      const { db, context } = access(request, entity);
      const file = await uploaded(request);
      const id = await startImport(spaceTables(db), entity, context.userId, file.name, file.bytes);
      return reply.status(201).send({ data: await importSummary(spaceTables(db), entity, id) });
    });

    app.get<{ Params: Params }>(`${base}/:id`, async (request) => {
      const { db } = access(request, entity);
      return { data: await importSummary(spaceTables(db), entity, parseId(request.params.id)) };
    });

    app.put<{ Params: Params }>(`${base}/:id/mapping`, async (request) => {
      const { db } = access(request, entity);
      const id = parseId(request.params.id);
      await setMapping(spaceTables(db), entity, id, (request.body as { mapping?: unknown } | null)?.mapping);
      return { data: await importSummary(spaceTables(db), entity, id) };
    });

    app.post<{ Params: Params }>(`${base}/:id/check`, async (request) => {
      const { db, context } = access(request, entity);
      const id = parseId(request.params.id);
      await checkImport(spaceTables(db), model, entity, id, context);
      return { data: await importSummary(spaceTables(db), entity, id) };
    });

    app.get<{ Params: Params }>(`${base}/:id/rows`, async (request) => {
      const { db } = access(request, entity);
      return importRows(spaceTables(db), entity.module, parseId(request.params.id), request.query as Record<string, unknown>);
    });

    app.get<{ Params: Params }>(`${base}/:id/errors`, async (request, reply) => {
      const { db } = access(request, entity);
      const id = parseId(request.params.id);
      const format = formatOf((request.query as Record<string, unknown>).format);
      const record = await findImport(spaceTables(db), entity.module, id);
      const rows = await db.selectFrom('import_rows').select(['cells', 'errors']).where('import_id', '=', id).where('action', '=', 'error').orderBy('line').execute();
      const parse = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
      const lines = rows.map((row) => ({ cells: parse<Cell[]>(row.cells), messages: Object.values(parse<Record<string, string[]>>(row.errors) ?? {}).flat() }));
      const bytes = await errorFile(entity, record.headers, lines, format);
      const name = `Erros - ${record.file_name.replace(/\.(csv|xlsx)$/i, '')}.${format}`;
      return reply.headers({ 'content-type': CONTENT_TYPES[format], 'content-disposition': attachmentDisposition(name), 'cache-control': 'no-store' }).send(bytes);
    });

    app.post<{ Params: Params }>(`${base}/:id/commit`, async (request, reply) => {
      const { db } = access(request, entity);
      const id = parseId(request.params.id);
      await queueImport(spaceTables(db), entity.module, id);
      options.nudge();
      return reply.status(202).send({ message: 'Importação iniciada.', data: await importSummary(spaceTables(db), entity, id) });
    });
  }
}
