import type { Kysely } from 'kysely';
import type { Field } from '../../../language/index.js';
import { invalid } from '../http/app-error.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';
import { storedValues } from './values.js';

type Item = Record<string, unknown>;

/**
 * Makes a sub-list equal to the list in the body: items with an id are updated, items without one
 * are inserted, stored items missing from the body are deleted.
 */
export async function syncSublist(trx: Kysely<any>, field: Field, parentId: number, items: Item[]): Promise<void> {
  const { table, parentKey, fields } = field.sublist!;
  const stored = await trx.selectFrom(table).select('id').where(parentKey, '=', parentId).execute();
  const storedIds = new Set(stored.map((row) => Number(row.id)));
  for (const [i, item] of items.entries()) {
    if (typeof item.id === 'number' && !storedIds.has(item.id)) throw invalid({ [`${field.name}.${i}.id`]: [MISSING_REFERENCE_MESSAGE] });
  }
  // Items left out go first, so a new item may take a unique value one of them held.
  const keptIds = new Set(items.map((item) => item.id).filter((id): id is number => typeof id === 'number'));
  const gone = [...storedIds].filter((id) => !keptIds.has(id));
  if (gone.length) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  for (const item of items) {
    const values = await storedValues(fields, item);
    if (typeof item.id !== 'number') {
      await trx.insertInto(table).values({ ...values, [parentKey]: parentId }).execute();
    } else if (Object.keys(values).length) {
      await trx.updateTable(table).set(values).where('id', '=', item.id).execute();
    }
  }
}

/** Makes a many-to-many field's join rows equal to the ids in the body. */
export async function syncJoin(trx: Kysely<any>, field: Field, ownId: number, ids: number[]): Promise<void> {
  const { table, ownKey, otherKey } = field.join!;
  await trx.deleteFrom(table).where(ownKey, '=', ownId).execute();
  if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [ownKey]: ownId, [otherKey]: id }))).execute();
}
