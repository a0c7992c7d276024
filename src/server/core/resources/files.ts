/**
 * A record's `file` fields: its column holds the id of a row of the space's `files` table (name,
 * size, content type, storage key, the service holding the bytes); the bytes are in that service's
 * storage (storage/storages.ts), or the space's own folder, or, for a file the product ships with the
 * space, in the row itself (`content`).
 *
 * Order of writes, so that a record never points at bytes that are not there:
 * 1. the upload puts the bytes in the storage, then inserts the row (no `record_id`);
 * 2. the record's save claims the row and drops the row it replaces, in the record's transaction;
 * 3. only after that transaction commits are the replaced bytes deleted.
 * A crash between two steps leaves at worst bytes no row names (an orphan file), never the reverse.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity, Field } from '../../../../language/index.js';
import { invalid } from '../http/app-error.js';
import type { SpaceStorages } from '../storage/storages.js';
import type { DiscardedFile, WriteContext } from './hooks.js';

export const FILES_TABLE = 'files';

/**
 * The bytes a file's row keeps itself (`files.content`: a file the product ships with the space, such
 * as a report design), or null when a storage holds them (every upload). PostgreSQL answers a Buffer,
 * PGlite a Uint8Array.
 */
export function keptContent(row: { content?: unknown }): Buffer | null {
  const content = row.content;
  if (Buffer.isBuffer(content)) return content;
  return content instanceof Uint8Array ? Buffer.from(content.buffer, content.byteOffset, content.byteLength) : null;
}
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
export async function describeFiles(db: DynamicDatabase, entity: Entity, record: Record<string, unknown>): Promise<void> {
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
export async function claimFiles(trx: DynamicDatabase, entity: Entity, recordId: number, body: Readonly<Record<string, unknown>>, previous: Record<string, unknown> | null, context: WriteContext): Promise<void> {
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
export async function dropRecordFiles(trx: DynamicDatabase, entity: Entity, recordId: number, context: WriteContext): Promise<void> {
  if (fileFields(entity).length === 0) return;
  await dropFileRows(trx, context, (q) => q.where('module', '=', entity.module).where('record_id', '=', recordId));
}

type DroppedRow = { storage_key: string; service_id: number | string | null };
const dropped = (rows: DroppedRow[]): DiscardedFile[] => rows.map((row) => ({ key: row.storage_key, serviceId: row.service_id === null ? null : Number(row.service_id) }));

async function dropFileRows(trx: DynamicDatabase, context: WriteContext, where: (q: any) => any): Promise<void> {
  const rows = await where(trx.deleteFrom(FILES_TABLE)).returning(['storage_key', 'service_id']).execute();
  context.discarded = [...(context.discarded ?? []), ...dropped(rows)];
}

/**
 * After the commit: deletes the bytes of the files the write dropped, each in the storage of its
 * own service. A failure here leaves an orphan file in the storage, never a record without its
 * file, so it is not the caller's error.
 */
export async function discardFiles(context: WriteContext): Promise<void> {
  const files = context.discarded ?? [];
  context.discarded = [];
  if (context.files) await deleteBytes(context.files, files);
}

/** Deletes each file's bytes where its row said they are; one that cannot be reached stays an orphan. */
async function deleteBytes(storages: SpaceStorages, files: readonly DiscardedFile[]): Promise<void> {
  const services = new Map<number | null, DiscardedFile[]>();
  for (const file of files) services.set(file.serviceId, [...(services.get(file.serviceId) ?? []), file]);
  for (const [serviceId, held] of services) {
    const storage = await storages.of(serviceId).catch(() => null);
    for (const file of held) await storage?.delete(file.key).catch(() => undefined);
  }
}

/** How long an upload waits for a record to claim it before the space's next upload removes it. */
export const UNCLAIMED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** At most this many stale uploads are removed by one upload, so no upload waits on a long sweep. */
const SWEEP_BATCH = 100;

/**
 * Removes uploads no record claimed within a day (an upload whose form was abandoned), rows then
 * bytes, a batch at a time; each upload of the space sweeps, so no timer runs. A save claiming one of
 * them at that moment holds its row locked and is skipped; one that comes after answers that the file
 * is gone ('envie-o novamente'). Returns how many were removed.
 */
export async function sweepUnclaimedUploads(db: Kysely<SpaceDatabase>, storages: SpaceStorages, now = Date.now()): Promise<number> {
  const stale = db
    .selectFrom(FILES_TABLE)
    .select('id')
    .where('record_id', 'is', null)
    .where('created_at', '<', new Date(now - UNCLAIMED_UPLOAD_MS))
    .limit(SWEEP_BATCH)
    .forUpdate()
    .skipLocked();
  const rows: DroppedRow[] = await db.deleteFrom(FILES_TABLE).where('id', 'in', stale).where('record_id', 'is', null).returning(['storage_key', 'service_id']).execute();
  await deleteBytes(storages, dropped(rows));
  return rows.length;
}
