/**
 * The generic write for many records at once (an import's batch): the same checks with one query per
 * table, and creates stored with multi-row statements, rather than one round of statements a record.
 * What each record ends with is what createRecord leaves: its row, its sub-lists and links, its audit
 * row and item events. Only a module whose hooks do nothing per stored record may be written so
 * (`createsTogether`); the others go through write.ts a record at a time.
 */
import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity, Field } from '../../../../language/index.js';
import { recordCreatedItemEvents } from '../audit/item-events.js';
import { recordAudits, trailOf } from '../audit/record.js';
import { AppError, invalid, type FieldErrors } from '../http/app-error.js';
import { checkComboChoicesMany } from './combo-choices.js';
import { checkRequiredWhenOffered, NO_PARAMS } from './offered-choices.js';
import { MISSING_REFERENCE_MESSAGE } from './db-errors.js';
import { runtimeDefaults, withDefaults } from './defaults.js';
import { claimFiles, fileFields } from './files.js';
import { columnFields, secretFieldNames } from './fields.js';
import { frozen, runBeforeWriteMany, type BeforeWrite, type WriteContext } from './hooks.js';
import { checkPermissionNames } from './permission-names.js';
import { findRecords } from './read.js';
import { checkReferencesMany } from './references.js';
import { validateBody } from './validation.js';
import { storedValues } from './values.js';
import { givenSecrets } from './write.js';

type Row = Record<string, unknown>;

/** A body checked: the body a write would store, or the form's messages by field. */
export type Checked = { body: Row; errors: null } | { body: null; errors: FieldErrors };

/**
 * `validated` (write.ts) for many bodies: each answered as validated would answer it alone (the same
 * body, or the same messages in the same order), with the module's defaults asked once and one query
 * per referenced table and per combo field, whatever the number of bodies. `previous[i]`: the stored
 * record `inputs[i]` edits.
 */
export async function validatedMany(db: DynamicDatabase, entity: Entity, mode: 'create' | 'edit', inputs: unknown[], context: WriteContext, previous: (Row | undefined)[] = []): Promise<Checked[]> {
  const writeMode = mode === 'create' ? 'create' : 'update';
  const defaults = context.hooks.some((hook) => hook.defaults) ? await runtimeDefaults(db, entity, writeMode, context) : {};
  const errors: FieldErrors[] = inputs.map(() => ({}));
  const bodies: (Row | null)[] = inputs.map((input, i) => {
    try {
      return validateBody(entity, mode, withDefaults(input, writeMode, defaults), previous[i]);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      Object.assign(errors[i], error.errors ?? { _: [error.message] });
      return null;
    }
  });
  const valid = bodies.flatMap((body, i) => (body ? [i] : []));
  const validErrors = valid.map((i) => errors[i]);
  await checkReferencesMany(db, entity.fields, valid.map((i) => bodies[i]!), validErrors);
  await checkComboChoicesMany(db, context.model, entity.fields, valid.map((i) => bodies[i]!), valid.map((i) => previous[i]), validErrors);
  for (const i of valid) {
    await checkRequiredWhenOffered(db, context.model, entity.fields, bodies[i]!, mode, errors[i], context.comboParams ?? NO_PARAMS);
    checkPermissionNames(context.permissionNames, entity, bodies[i]!, errors[i]);
  }
  return bodies.map((body, i) => (body && Object.keys(errors[i]).length === 0 ? { body: frozen(body), errors: null } : { body: null, errors: errors[i] }));
}

/**
 * Whether the module's creates may be stored together: none of its hooks answers server values, acts
 * after the write or reaches beyond the transaction (those run once per record, as createRecord runs them).
 */
export const createsTogether = (context: WriteContext) => context.hooks.every((hook) => !hook.serverValues && !hook.afterWrite && !(hook.effects?.length));

/** Most rows in one insert statement, well under the protocol's 65,535 parameters for any module. */
const ROWS_PER_INSERT = 500;

async function insertRows(trx: DynamicDatabase, table: string, rows: Row[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // PostgreSQL answers `returning` in the order of the values inserted, so the ids line up with the rows.
    const inserted = await trx.insertInto(table).values(rows.slice(start, start + ROWS_PER_INSERT)).returning('id').execute();
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}

/** New items of a sub-list (none of them stored yet) for their parents, and their own sub-lists' items, a statement per table. */
async function insertItems(trx: DynamicDatabase, field: Field, owned: { parentId: number; items: Row[]; at: string }[]): Promise<void> {
  const { table, parentKey, fields } = field.sublist!;
  const placed = owned.flatMap(({ parentId, items, at }) => items.map((item, i) => ({ parentId, item, at: `${at}.${i}` })));
  if (placed.length === 0) return;
  // As syncSublist answers an item that names an id on a record that has none.
  const named = placed.find(({ item }) => typeof item.id === 'number');
  if (named) throw invalid({ [`${named.at}.id`]: [MISSING_REFERENCE_MESSAGE] });
  const rows = await Promise.all(placed.map(async ({ parentId, item }) => ({ ...(await storedValues(fields, item)), [parentKey]: parentId })));
  const ids = await insertRows(trx, table, rows);
  for (const inner of fields.filter((f) => f.sublist)) {
    await insertItems(trx, inner, placed.flatMap(({ item, at }, i) => (Array.isArray(item[inner.name]) ? [{ parentId: ids[i], items: item[inner.name] as Row[], at: `${at}.${inner.name}` }] : [])));
  }
}

/**
 * Creates records from bodies validatedMany answered, in the caller's transaction: the module's
 * beforeWrite hooks (runBeforeWriteMany), the rows with multi-row inserts, each sub-list's and link
 * table's rows likewise, the records read back together, their audit rows and item events with one
 * statement each. Answers the records as createRecord answers each, in the bodies' order. Any refusal
 * or database error is thrown: the caller's transaction is then to be rolled back whole.
 */
export async function createRecords(trx: DynamicDatabase, entity: Entity, bodies: Row[], context: WriteContext): Promise<Row[]> {
  if (bodies.length === 0) return [];
  if (!createsTogether(context)) throw new Error(`The creates of ${entity.module} run hooks once per record: write them with createRecord.`);
  const ctxs: BeforeWrite[] = bodies.map((body) => ({ entity, mode: 'create', body, context }));
  await runBeforeWriteMany(trx, context.hooks, ctxs);
  const rows = await Promise.all(bodies.map(async (body) => {
    const values = await storedValues(columnFields(entity), body);
    if (entity.inactivatable) values.inactivated_at = body.inactivated === true ? new Date() : null;
    return values;
  }));
  const ids = await insertRows(trx, entity.table, rows);
  for (const field of entity.fields) {
    if (field.sublist) {
      await insertItems(trx, field, bodies.flatMap((body, i) => (Array.isArray(body[field.name]) ? [{ parentId: ids[i], items: body[field.name] as Row[], at: field.name }] : [])));
    } else if (field.join) {
      const { table, ownKey, otherKey } = field.join;
      const links = bodies.flatMap((body, i) => ((body[field.name] as number[] | undefined) ?? []).map((other) => ({ [ownKey]: ids[i], [otherKey]: other })));
      for (let start = 0; start < links.length; start += ROWS_PER_INSERT) await trx.insertInto(table).values(links.slice(start, start + ROWS_PER_INSERT)).execute();
    }
  }
  const files = fileFields(entity);
  for (const [i, body] of bodies.entries()) if (files.some((f) => f.name in body)) await claimFiles(trx, entity, ids[i], body, null, context);
  const found = await findRecords(trx, entity, ids);
  const records = ids.map((id) => found.get(id)!);
  const secrets = secretFieldNames(entity);
  await recordAudits(
    trailOf(trx),
    records.map((record, i) => ({ event: 'created', userId: context.userId, module: entity.module, recordId: ids[i], newValues: { ...record, ...givenSecrets(entity, bodies[i], record) } })),
    secrets,
  );
  await recordCreatedItemEvents(trailOf(trx), entity, records, context.userId, secrets);
  return records;
}
