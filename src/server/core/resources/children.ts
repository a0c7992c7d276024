import type { DynamicDatabase } from '../db/dynamic.js';
import type { Field } from '../../../../language/index.js';
import { invalid } from '../http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';
import { readableColumns } from './fields.js';
import { storedValues } from './values.js';

type Item = Record<string, unknown>;

const holdsItems = (nested: Field[], item: Item) => nested.some((inner) => Array.isArray(item[inner.name]) && (item[inner.name] as unknown[]).length > 0);

/**
 * Makes a sub-list equal to the list in the body: items with an id are updated, items without one
 * are inserted, stored items missing from the body are deleted (their own sub-lists with them, by
 * the foreign key). An item's own sub-lists are made equal to its lists the same way, so the whole
 * tree is replaced in the caller's transaction. `at` is the list's path in the body, for messages
 * (`work_relations.1.expedients`).
 */
export async function syncSublist(trx: DynamicDatabase, field: Field, parentId: number, items: Item[], at: string = field.name): Promise<void> {
  const { table, parentKey, fields } = field.sublist!;
  const storedIds = new Set((await trx.selectFrom(table).select('id').where(parentKey, '=', parentId).execute()).map((row) => Number(row.id)));
  for (const [i, item] of items.entries()) {
    if (typeof item.id === 'number' && !storedIds.has(item.id)) throw invalid({ [`${at}.${i}.id`]: [MISSING_REFERENCE_MESSAGE] });
  }
  // Items left out go first, so a new item may take a unique value one of them held.
  const keptIds = new Set(items.map((item) => item.id).filter((id): id is number => typeof id === 'number'));
  const gone = [...storedIds].filter((id) => !keptIds.has(id));
  if (gone.length) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  const nested = fields.filter((f) => f.sublist);
  // New items with nothing under them go in one statement, in their order: flushed before an item
  // whose id is needed for its own items, so ids still follow the body's order.
  let leaves: Item[] = [];
  const flush = async () => {
    if (leaves.length) await trx.insertInto(table).values(leaves).execute();
    leaves = [];
  };
  for (const [i, item] of items.entries()) {
    const values = await storedValues(fields, item);
    if (typeof item.id !== 'number') {
      if (holdsItems(nested, item)) {
        await flush();
        await insertSublist(trx, field, parentId, [item], at, i);
      } else leaves.push({ ...values, [parentKey]: parentId });
      continue;
    }
    if (Object.keys(values).length) await trx.updateTable(table).set(values).where('id', '=', item.id).execute();
    for (const inner of nested) {
      if (Array.isArray(item[inner.name])) await syncSublist(trx, inner, item.id, item[inner.name] as Item[], `${at}.${i}.${inner.name}`);
    }
  }
  await flush();
}

/**
 * A sub-list's items under a parent created in this transaction, answered as a read answers them
 * (in id order, each with its own sub-lists). Nothing is stored under the parent yet, so nothing is
 * read or deleted; items with nothing under them go in one statement, in the body's order (flushed
 * before an item whose id its own items need). `first` numbers the items in messages.
 */
export async function insertSublist(trx: DynamicDatabase, field: Field, parentId: number, items: Item[], at: string = field.name, first = 0): Promise<Item[]> {
  const { table, parentKey, fields } = field.sublist!;
  for (const [i, item] of items.entries()) {
    if (typeof item.id === 'number') throw invalid({ [`${at}.${first + i}.id`]: [MISSING_REFERENCE_MESSAGE] });
  }
  const nested = fields.filter((f) => f.sublist);
  const columns = readableColumns(fields);
  const inserted: Item[] = [];
  let leaves: Item[] = [];
  const flush = async () => {
    if (leaves.length) inserted.push(...(await trx.insertInto(table).values(leaves).returning(columns).execute()));
    leaves = [];
  };
  for (const [i, item] of items.entries()) {
    const values = { ...(await storedValues(fields, item)), [parentKey]: parentId };
    if (!holdsItems(nested, item)) {
      leaves.push(values);
      continue;
    }
    await flush();
    const row: Item = await trx.insertInto(table).values(values).returning(columns).executeTakeFirstOrThrow();
    for (const inner of nested) {
      const under = item[inner.name];
      if (Array.isArray(under)) row[inner.name] = await insertSublist(trx, inner, Number(row.id), under as Item[], `${at}.${first + i}.${inner.name}`);
    }
    inserted.push(row);
  }
  await flush();
  for (const row of inserted) for (const inner of nested) row[inner.name] ??= [];
  return inserted;
}

/** Makes a many-to-many field's join rows equal to the ids in the body. */
export async function syncJoin(trx: DynamicDatabase, field: Field, ownId: number, ids: number[]): Promise<void> {
  const { table, ownKey, otherKey } = field.join!;
  await trx.deleteFrom(table).where(ownKey, '=', ownId).execute();
  if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [ownKey]: ownId, [otherKey]: id }))).execute();
}
