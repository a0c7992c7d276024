import type { Kysely } from 'kysely';
import type { Entity } from '../../../language/index.js';
import { notFound } from '../http/app-error.js';
import { readableColumns } from './fields.js';
import { describeFiles } from './files.js';

/** Reads an id from a path parameter; anything but a positive integer is a record that does not exist. */
export function parseId(raw: unknown): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** The row of the entity's own table only, with every column (secrets too): for writes and audits. */
export async function findRow(db: Kysely<any>, entity: Entity, id: number): Promise<Record<string, unknown> | undefined> {
  return db.selectFrom(entity.table).selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * One record with its sub-lists (arrays of items) and many-to-many fields (arrays of ids).
 * Throws 404 when it does not exist.
 */
export async function findRecord(db: Kysely<any>, entity: Entity, id: number): Promise<Record<string, unknown>> {
  const record = await db.selectFrom(entity.table).select(readableColumns(entity.fields)).where('id', '=', id).executeTakeFirst();
  if (!record) throw notFound();
  await describeFiles(db, entity, record);
  for (const field of entity.fields) {
    if (field.sublist) {
      const { table, parentKey, fields } = field.sublist;
      record[field.name] = await db
        .selectFrom(table)
        .select(readableColumns(fields))
        .where(parentKey, '=', id)
        .orderBy('id')
        .execute();
    } else if (field.join) {
      const rows = await db.selectFrom(field.join.table).select(field.join.otherKey).where(field.join.ownKey, '=', id).orderBy(field.join.otherKey).execute();
      record[field.name] = rows.map((row) => Number(row[field.join!.otherKey]));
    }
  }
  return record;
}
