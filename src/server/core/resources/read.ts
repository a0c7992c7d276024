import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity, Field } from '../../../../language/index.js';
import { notFound } from '../http/app-error.js';
import { readableColumns } from './fields.js';
import { describeFiles } from './files.js';
import { withChoicesInOrder } from './choices.js';

/**
 * Reads an id from a path parameter; anything but a positive integer is a record that does not
 * exist (404, with the route's own `message` where it has one: 'Documento não encontrado.').
 */
export function parseId(raw: unknown, message?: string): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(message);
  return id;
}

/** The row of the entity's own table only, with every column (secrets too): for writes and audits. */
export async function findRow(db: DynamicDatabase, entity: Entity, id: number): Promise<Record<string, unknown> | undefined> {
  return db.selectFrom(entity.table).selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * One record with its sub-lists (arrays of items) and many-to-many fields (arrays of ids).
 * Throws 404 when it does not exist.
 */
export async function findRecord(db: DynamicDatabase, entity: Entity, id: number): Promise<Record<string, unknown>> {
  const record = await db.selectFrom(entity.table).select(readableColumns(entity.fields)).where('id', '=', id).executeTakeFirst();
  if (!record) throw notFound();
  await describeFiles(db, entity, record);
  for (const field of entity.fields) {
    if (field.sublist) {
      record[field.name] = (await readItems(db, field, [id])).get(id);
    } else if (field.join) {
      const rows = await db.selectFrom(field.join.table).select(field.join.otherKey).where(field.join.ownKey, '=', id).orderBy(field.join.otherKey).execute();
      record[field.name] = rows.map((row) => Number(row[field.join!.otherKey]));
    }
  }
  withChoicesInOrder(entity.fields, [record]);
  return record;
}

/**
 * Several records as findRecord answers each (by id; an id with no row is left out), read with one
 * query per table whatever their number: a batch of records written together (an import's).
 */
export async function findRecords(db: DynamicDatabase, entity: Entity, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const found = new Map<number, Record<string, unknown>>();
  if (ids.length === 0) return found;
  const rows = await db.selectFrom(entity.table).select(readableColumns(entity.fields)).where('id', 'in', ids).execute();
  for (const row of rows) found.set(Number(row.id), row);
  const present = [...found.keys()];
  for (const record of found.values()) await describeFiles(db, entity, record);
  for (const field of entity.fields) {
    if (field.sublist) {
      const items = await readItems(db, field, present);
      for (const [id, record] of found) record[field.name] = items.get(id);
    } else if (field.join) {
      const { table, ownKey, otherKey } = field.join;
      const links = await db.selectFrom(table).select([ownKey, otherKey]).where(ownKey, 'in', present).orderBy(otherKey).execute();
      for (const record of found.values()) record[field.name] = [];
      for (const link of links) (found.get(Number(link[ownKey]))![field.name] as number[]).push(Number(link[otherKey]));
    }
  }
  withChoicesInOrder(entity.fields, [...found.values()]);
  return found;
}

/**
 * The items of a sub-list for each parent id (in id order), each with its own sub-lists: one query
 * per sub-list and level, whatever the number of rows.
 */
async function readItems(db: DynamicDatabase, field: Field, parentIds: number[]): Promise<Map<number, Record<string, unknown>[]>> {
  const { table, parentKey, fields } = field.sublist!;
  const byParent = new Map<number, Record<string, unknown>[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return byParent;
  const rows: Record<string, unknown>[] = await db
    .selectFrom(table)
    .select([...readableColumns(fields), `${parentKey} as __parent`])
    .where(parentKey, 'in', parentIds)
    .orderBy('id')
    .execute();
  for (const inner of fields.filter((f) => f.sublist)) {
    const items = await readItems(db, inner, rows.map((row) => Number(row.id)));
    for (const row of rows) row[inner.name] = items.get(Number(row.id));
  }
  for (const { __parent, ...row } of rows) byParent.get(Number(__parent))!.push(row);
  return byParent;
}

/** Whether a sub-list's item, at any depth, keeps an order between its fields (`x-order`). */
const ordersRows = (fields: Field[]): boolean => fields.some((f) => f.sublist && ((f.sublist.order?.length ?? 0) > 0 || ordersRows(f.sublist.fields)));

/**
 * The stored row an edit is judged against, with the sub-lists whose items keep an order between
 * their fields (a row sent without one of the pair keeps its stored value); other sub-lists are not read.
 */
export async function withOrderedSublists(db: DynamicDatabase, entity: Entity, row: Record<string, unknown> | undefined): Promise<Record<string, unknown> | undefined> {
  if (!row) return row;
  const ordered = entity.fields.filter((f) => f.sublist && ordersRows([f]));
  if (ordered.length === 0) return row;
  const withRows = { ...row };
  for (const field of ordered) withRows[field.name] = (await readItems(db, field, [Number(row.id)])).get(Number(row.id));
  return withRows;
}

/** withOrderedSublists for many stored rows at once: one query per ordered sub-list and level, whatever their number. */
export async function withOrderedSublistsMany(db: DynamicDatabase, entity: Entity, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ordered = entity.fields.filter((f) => f.sublist && ordersRows([f]));
  if (ordered.length === 0 || rows.length === 0) return rows;
  const withRows = rows.map((row) => ({ ...row }));
  const ids = rows.map((row) => Number(row.id));
  for (const field of ordered) {
    const items = await readItems(db, field, ids);
    for (const row of withRows) row[field.name] = items.get(Number(row.id));
  }
  return withRows;
}
