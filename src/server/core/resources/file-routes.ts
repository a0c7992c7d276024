/**
 * The routes of the `file` fields (files.ts says how a file is kept):
 * - `POST /api/{module}/files/{field}`: one file, multipart/form-data, checked against the field's
 *   size limit and accepted types (by its bytes), and kept in the space's file service in use (or
 *   its own folder); answers `{ data: { id, name, size, content_type } }`, the `id` the record's
 *   body then carries in that field. Allowed to whoever may insert or update the module.
 * - `GET /api/{module}/{id}/files/{field}`: the record's file, as an attachment, from the service
 *   its row names. Allowed to whoever may see the record; a record of another space, or a field
 *   without a file, is not found.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { Entity, Field, Model } from '../../../../language/index.js';
import { AppError, invalid, notFound } from '../http/app-error.js';
import { FILE_TYPES, MAX_FILE_SIZE } from '../../../../language/files.js';
import { insertActions, operationAccess } from './access.js';
import { acceptedType, attachmentDisposition, EMPTY_FILE, NO_FILE, safeFileName, tooLarge, wrongType } from './file-content.js';
import { fileFields, FILES_TABLE, keptContent, sweepUnclaimedUploads } from './files.js';
import { spaceTables } from '../db/dynamic.js';
import { parseId } from './read.js';
import { StorageNotFoundError } from '../storage/storage.js';
import type { ResourceAction } from './permissions.js';
import type { WriteContext } from './hooks.js';

type Params = { id: string; field: string };

const fileField = (entity: Entity, name: string): Field => {
  const field = fileFields(entity).find((f) => f.name === name);
  if (!field) throw notFound('Campo de arquivo não encontrado.');
  return field;
};

export async function fileRoutes(app: FastifyInstance, options: { model: Model }) {
  const entities = options.model.entities.filter((entity) => fileFields(entity).length > 0);
  if (entities.length === 0) return;
  // Each route sets its field's own limit; these bound any multipart body the server reads.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
  const allow = operationAccess(options.model, app.resources);

  for (const entity of entities) {
    const base = `/api/${entity.module}`;

    app.post<{ Params: Params }>(`${base}/files/:field`, async (request, reply) => {
      const writes: ResourceAction[] = [...insertActions(entity), 'update'];
      const { db, context } = allow(request, entity, entity.operations.create ? 'create' : 'update', ...writes);
      const field = fileField(entity, request.params.field);
      const spec = field.file!;
      const bytes = await receivedBytes(request, field);
      if (bytes.length === 0) throw invalid({ [field.name]: [EMPTY_FILE] });
      const type = await acceptedType(bytes.bytes, bytes.name, spec);
      if (!type) throw invalid({ [field.name]: [wrongType(spec)] });
      const file = { id: randomUUID(), name: safeFileName(bytes.name, type), size: bytes.length, content_type: FILE_TYPES[type].mime };
      const storages = context.files;
      if (!storages) throw new Error('No storage keeps the uploaded files.');
      const { serviceId, storage } = await storages.active().catch(unavailable(request));
      const key = `${entity.module}/${field.name}/${file.id}`;
      // The bytes first: a row never names a file the storage does not hold.
      await storage.put(key, bytes.bytes).catch(unavailable(request));
      try {
        await db.insertInto(FILES_TABLE).values({ ...file, module: entity.module, field: field.name, storage_key: key, service_id: serviceId, uploaded_by: context.userId }).execute();
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      await sweepUnclaimedUploads(spaceTables(db), storages);
      return reply.status(201).send({ data: file });
    });

    app.get<{ Params: Params }>(`${base}/:id/files/:field`, async (request, reply) => {
      const { db, context } = allow(request, entity, 'show', 'show');
      const field = fileField(entity, request.params.field);
      const id = parseId(request.params.id);
      const row = await db
        .selectFrom(`${entity.table} as r`)
        .innerJoin(`${FILES_TABLE} as f`, 'f.id', `r.${field.column}`)
        .select(['f.name', 'f.size', 'f.content_type', 'f.storage_key', 'f.service_id', 'f.content'])
        .where('r.id', '=', id)
        .where('f.module', '=', entity.module)
        .where('f.record_id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('Arquivo não encontrado.');
      return sendAttachment(reply, row, String(row.name), await storedBytes(request, context, row, 'Arquivo não encontrado.'));
    });
  }
}

/** A stored file as a download: an attachment under `name`, never sniffed into something a browser runs, never cached. */
export function sendAttachment(reply: FastifyReply, file: { content_type: unknown; size: unknown }, name: string, bytes: Readable) {
  return reply
    .header('Content-Type', String(file.content_type))
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', attachmentDisposition(name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}

export const STORAGE_UNAVAILABLE = 'O serviço de arquivos não respondeu; tente novamente em alguns minutos.';

/** A storage that cannot be reached (a server down, refused credentials): 503, the cause in the log. */
const unavailable = (request: FastifyRequest) => (error: unknown): never => {
  if (error instanceof AppError) throw error;
  request.log.error({ err: error }, 'file storage failed');
  throw new AppError(503, STORAGE_UNAVAILABLE);
};

/**
 * The bytes of a file's row, as a stream, from the storage of the service that holds them: 404
 * `missing` when the storage no longer holds them (as for a record without its file), 503 when the
 * storage cannot be reached; the bytes a row keeps itself, from the row. For every route that answers a
 * file (a document's download too).
 */
export async function storedBytes(request: FastifyRequest, context: WriteContext, row: { storage_key: unknown; service_id: unknown; content?: unknown }, missing: string) {
  const kept = keptContent(row);
  if (kept) return Readable.from([kept]);
  const storage = await context.files!.of(row.service_id == null ? null : Number(row.service_id)).catch(unavailable(request));
  return storage.stream(String(row.storage_key)).catch((error: unknown) => {
    throw error instanceof StorageNotFoundError ? notFound(missing) : error;
  }).catch(unavailable(request));
}

/** The one file of the request, within the field's size limit; 422 on the field otherwise. */
async function receivedBytes(request: FastifyRequest, field: Field): Promise<{ bytes: Buffer; length: number; name: string }> {
  const spec = field.file!;
  if (!request.isMultipart()) throw invalid({ [field.name]: [NO_FILE] });
  try {
    const part = await request.file({ limits: { fileSize: spec.maxSize, files: 1, fields: 0, parts: 1 } });
    if (!part) throw invalid({ [field.name]: [NO_FILE] });
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw invalid({ [field.name]: [tooLarge(spec)] });
    return { bytes, length: bytes.length, name: part.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ [field.name]: [tooLarge(spec)] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid({ [field.name]: ['Envie um arquivo por vez, sem outros campos.'] });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') throw invalid({ [field.name]: [NO_FILE] });
    throw invalid({ [field.name]: ['O envio do arquivo não pôde ser lido; envie-o novamente.'] });
  }
}
