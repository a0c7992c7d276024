import type { Kysely } from 'kysely';
import type { Field } from '../../../language/index.js';
import { invalid } from '../http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';
import { storedValues } from './values.js';

type Item = Record<string, unknown>;

/**
 * Makes a sub-list equal to the list in the body: items with an id are updated, items without one
 * are inserted, stored items missing from the body are deleted (their own sub-lists with them, by
 * the foreign key). An item's own sub-lists are made equal to its lists the same way, so the whole
 * tree is replaced in the caller's transaction. `at` is the list's path in the body, for messages
 * (`work_relations.1.expedients`).
 */
export async function syncSublist(trx: Kysely<any>, field: Field, parentId: number, items: Item[], at: string = field.name): Promise<void> {
  const { table, parentKey, fields } = field.sublist!;
  const stored = await trx.selectFrom(table).select('id').where(parentKey, '=', parentId).execute();
  const storedIds = new Set(stored.map((row) => Number(row.id)));
  for (const [i, item] of items.entries()) {
    if (typeof item.id === 'number' && !storedIds.has(item.id)) throw invalid({ [`${at}.${i}.id`]: [MISSING_REFERENCE_MESSAGE] });
  }
  // Items left out go first, so a new item may take a unique value one of them held.
  const keptIds = new Set(items.map((item) => item.id).filter((id): id is number => typeof id === 'number'));
  const gone = [...storedIds].filter((id) => !keptIds.has(id));
  if (gone.length) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  const nested = fields.filter((f) => f.sublist);
  for (const [i, item] of items.entries()) {
    const values = await storedValues(fields, item);
    let id = item.id;
    if (typeof id !== 'number') {
      const inserted = await trx.insertInto(table).values({ ...values, [parentKey]: parentId }).returning('id').executeTakeFirstOrThrow();
      id = Number(inserted.id);
    } else if (Object.keys(values).length) {
      await trx.updateTable(table).set(values).where('id', '=', id).execute();
    }
    for (const inner of nested) {
      if (Array.isArray(item[inner.name])) await syncSublist(trx, inner, id as number, item[inner.name] as Item[], `${at}.${i}.${inner.name}`);
    }
  }
}

/** Makes a many-to-many field's join rows equal to the ids in the body. */
export async function syncJoin(trx: Kysely<any>, field: Field, ownId: number, ids: number[]): Promise<void> {
  const { table, ownKey, otherKey } = field.join!;
  await trx.deleteFrom(table).where(ownKey, '=', ownId).execute();
  if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [ownKey]: ownId, [otherKey]: id }))).execute();
}
