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
 * (`work_relations.1.expedients`). Under a parent created in this transaction (`fresh`) nothing is
 * stored yet, so nothing is read or deleted.
 */
export async function syncSublist(trx: Kysely<any>, field: Field, parentId: number, items: Item[], at: string = field.name, fresh = false): Promise<void> {
  const { table, parentKey, fields } = field.sublist!;
  const storedIds = fresh ? new Set<number>() : new Set((await trx.selectFrom(table).select('id').where(parentKey, '=', parentId).execute()).map((row) => Number(row.id)));
  for (const [i, item] of items.entries()) {
    if (typeof item.id === 'number' && !storedIds.has(item.id)) throw invalid({ [`${at}.${i}.id`]: [MISSING_REFERENCE_MESSAGE] });
  }
  // Items left out go first, so a new item may take a unique value one of them held.
  const keptIds = new Set(items.map((item) => item.id).filter((id): id is number => typeof id === 'number'));
  const gone = [...storedIds].filter((id) => !keptIds.has(id));
  if (gone.length) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  const nested = fields.filter((f) => f.sublist);
  const holdsItems = (item: Item) => nested.some((inner) => Array.isArray(item[inner.name]) && (item[inner.name] as unknown[]).length > 0);
  // New items with nothing under them go in one statement, in their order: flushed before an item
  // whose id is needed for its own items, so ids still follow the body's order.
  let leaves: Item[] = [];
  const flush = async () => {
    if (leaves.length) await trx.insertInto(table).values(leaves).execute();
    leaves = [];
  };
  for (const [i, item] of items.entries()) {
    const values = await storedValues(fields, item);
    let id = item.id;
    const created = typeof id !== 'number';
    if (created && !holdsItems(item)) {
      leaves.push({ ...values, [parentKey]: parentId });
      continue;
    }
    if (created) {
      await flush();
      const inserted = await trx.insertInto(table).values({ ...values, [parentKey]: parentId }).returning('id').executeTakeFirstOrThrow();
      id = Number(inserted.id);
    } else if (Object.keys(values).length) {
      await trx.updateTable(table).set(values).where('id', '=', id).execute();
    }
    for (const inner of nested) {
      if (Array.isArray(item[inner.name])) await syncSublist(trx, inner, id as number, item[inner.name] as Item[], `${at}.${i}.${inner.name}`, created);
    }
  }
  await flush();
}

/** Makes a many-to-many field's join rows equal to the ids in the body. */
export async function syncJoin(trx: Kysely<any>, field: Field, ownId: number, ids: number[]): Promise<void> {
  const { table, ownKey, otherKey } = field.join!;
  await trx.deleteFrom(table).where(ownKey, '=', ownId).execute();
  if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [ownKey]: ownId, [otherKey]: id }))).execute();
}
