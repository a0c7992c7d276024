/**
 * A record's `file` fields: its column holds the id of a row of the space's `files` table (name,
 * size, content type, storage key); the bytes are in the storage (storage/).
 *
 * Order of writes, so that a record never points at bytes that are not there:
 * 1. the upload puts the bytes in the storage, then inserts the row (no `record_id`);
 * 2. the record's save claims the row and drops the row it replaces, in the record's transaction;
 * 3. only after that transaction commits are the replaced bytes deleted.
 * A crash between two steps leaves at worst bytes no row names (an orphan file), never the reverse.
 */
import type { Kysely } from 'kysely';
import type { Entity, Field } from '../../../language/index.js';
import { invalid } from '../http/app-error.js';
import type { WriteContext } from './hooks.js';

export const FILES_TABLE = 'files';
export const UPLOAD_NOT_FOUND = 'O arquivo enviado não foi encontrado; envie-o novamente.';

/** A file as a record answers it. */
export interface StoredFile {
  id: string;
  name: string;
  size: number;
  content_type: string;
}

export const fileFields = (entity: Entity): Field[] => entity.fields.filter((f) => f.kind === 'file');

/** The file's id a body or a record carries for the field (the id alone, or the file as answered). */
export function fileIdOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

/** Replaces each file field's id in `record` by the file as the API shows it. */
export async function describeFiles(db: Kysely<any>, entity: Entity, record: Record<string, unknown>): Promise<void> {
  const fields = fileFields(entity);
  const ids = fields.map((f) => record[f.name]).filter((id): id is string => typeof id === 'string');
  const rows = ids.length ? await db.selectFrom(FILES_TABLE).select(['id', 'name', 'size', 'content_type']).where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id as string, { id: row.id, name: row.name, size: Number(row.size), content_type: row.content_type } as StoredFile]));
  for (const field of fields) {
    const id = record[field.name];
    if (typeof id === 'string') record[field.name] = byId.get(id) ?? null;
  }
}

/**
 * Inside the record's transaction: each file field the body names a new file for claims that
 * upload (made for this module and field, and not yet claimed: another record's file cannot be
 * taken by its id), and the file it replaces loses its row; its bytes are deleted after the commit.
 */
export async function claimFiles(trx: Kysely<any>, entity: Entity, recordId: number, body: Readonly<Record<string, unknown>>, previous: Record<string, unknown> | null, context: WriteContext): Promise<void> {
  for (const field of fileFields(entity)) {
    if (!(field.name in body)) continue;
    const next = fileIdOf(body[field.name]);
    const current = previous ? fileIdOf(previous[field.name]) : null;
    if (next === current) continue;
    if (next !== null) {
      const claimed = await trx
        .updateTable(FILES_TABLE)
        .set({ record_id: recordId })
        .where('id', '=', next)
        .where('module', '=', entity.module)
        .where('field', '=', field.name)
        .where('record_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw invalid({ [field.name]: [UPLOAD_NOT_FOUND] });
    }
    if (current !== null) await dropFileRows(trx, context, (q) => q.where('id', '=', current));
  }
}

/** Inside a delete's transaction: the record's files lose their rows; their bytes go after the commit. */
export async function dropRecordFiles(trx: Kysely<any>, entity: Entity, recordId: number, context: WriteContext): Promise<void> {
  if (fileFields(entity).length === 0) return;
  await dropFileRows(trx, context, (q) => q.where('module', '=', entity.module).where('record_id', '=', recordId));
}

async function dropFileRows(trx: Kysely<any>, context: WriteContext, where: (q: any) => any): Promise<void> {
  const rows = await where(trx.deleteFrom(FILES_TABLE)).returning('storage_key').execute();
  context.discarded = [...(context.discarded ?? []), ...rows.map((row: { storage_key: string }) => row.storage_key)];
}

/**
 * After the commit: deletes the bytes of the files the write dropped. A failure here leaves an
 * orphan file in the storage, never a record without its file, so it is not the caller's error.
 */
export async function discardFiles(context: WriteContext): Promise<void> {
  const keys = context.discarded ?? [];
  context.discarded = [];
  for (const key of keys) await context.storage?.delete(key).catch(() => undefined);
}
