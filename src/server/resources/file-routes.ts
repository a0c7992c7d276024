/**
 * The routes of the `file` fields (files.ts says how a file is kept):
 * - `POST /api/{module}/files/{field}`: one file, multipart/form-data, checked against the field's
 *   size limit and accepted types (by its bytes); answers `{ data: { id, name, size, content_type } }`,
 *   the `id` the record's body then carries in that field. Allowed to whoever may insert or update
 *   the module.
 * - `GET /api/{module}/{id}/files/{field}`: the record's file, as an attachment. Allowed to whoever
 *   may see the record; a record of another space, or a field without a file, is not found.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity, Field, Model } from '../../../language/index.js';
import { AppError, invalid, notFound } from '../http/app-error.js';
import { FILE_TYPES, MAX_FILE_SIZE } from '../../../language/files.js';
import { insertActions, operationAccess } from './access.js';
import { acceptedType, attachmentDisposition, EMPTY_FILE, NO_FILE, safeFileName, tooLarge, wrongType } from './file-content.js';
import { fileFields, FILES_TABLE } from './files.js';
import { parseId } from './read.js';
import type { ResourceAction } from './permissions.js';

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
      const storage = context.storage;
      if (!storage) throw new Error('No storage keeps the uploaded files.');
      const key = `${entity.module}/${field.name}/${file.id}`;
      // The bytes first: a row never names a file the storage does not hold.
      await storage.put(key, bytes.bytes);
      try {
        await db.insertInto(FILES_TABLE).values({ ...file, module: entity.module, field: field.name, storage_key: key, uploaded_by: context.userId }).execute();
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return reply.status(201).send({ data: file });
    });

    app.get<{ Params: Params }>(`${base}/:id/files/:field`, async (request, reply) => {
      const { db, context } = allow(request, entity, 'show', 'show');
      const field = fileField(entity, request.params.field);
      const id = parseId(request.params.id);
      const row = await db
        .selectFrom(`${entity.table} as r`)
        .innerJoin(`${FILES_TABLE} as f`, 'f.id', `r.${field.column}`)
        .select(['f.name', 'f.size', 'f.content_type', 'f.storage_key'])
        .where('r.id', '=', id)
        .where('f.module', '=', entity.module)
        .where('f.record_id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('Arquivo não encontrado.');
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Length', String(row.size))
        .header('Content-Disposition', attachmentDisposition(row.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(context.storage!.stream(row.storage_key));
    });
  }
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
