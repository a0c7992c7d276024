import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity } from '../../../../language/index.js';
import { recordItemEvents } from '../audit/item-events.js';
import { recordAudit, trailOf } from '../audit/record.js';
import { invalid, type FieldErrors } from '../http/app-error.js';
import { withChoicesInOrder } from './choices.js';
import { insertSublist, syncJoin, syncSublist } from './children.js';
import { translateDbError } from './db-errors.js';
import { withRuntimeDefaults } from './defaults.js';
import { claimFiles, describeFiles, discardFiles } from './files.js';
import { columnFields, readableColumns, secretFieldNames } from './fields.js';
import { applyAttachments, frozen, runAfterWrite, runBeforeWrite, runServerValues, takeAttachments, type WriteContext } from './hooks.js';
import { checkPermissionNames } from './permission-names.js';
import { findRecord, findRow, withOrderedSublists } from './read.js';
import { checkComboChoices } from './combo-choices.js';
import { checkRequiredWhenOffered, NO_PARAMS } from './offered-choices.js';
import { checkReferences } from './references.js';
import { validateBody } from './validation.js';
import { checkVersion, lockCurrentRow, nextVersion, type ExpectedVersion } from './versions.js';
import { storedValues } from './values.js';

/** The body a write would store, checked as the write checks it (422 with the form's messages); nothing is written. */
export async function validated(db: DynamicDatabase, entity: Entity, mode: 'create' | 'edit', input: unknown, context: WriteContext, previous?: Record<string, unknown>) {
  const given = await withRuntimeDefaults(db, entity, mode === 'create' ? 'create' : 'update', input, context);
  const body = validateBody(entity, mode, given, previous);
  const errors: FieldErrors = {};
  await checkReferences(db, entity.fields, body, errors);
  await checkComboChoices(db, context.model, entity.fields, body, previous, errors);
  await checkRequiredWhenOffered(db, context.model, entity.fields, body, mode, errors, context.comboParams ?? NO_PARAMS);
  checkPermissionNames(context.permissionNames, entity, body, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  return frozen(body);
}

async function writeChildren(trx: DynamicDatabase, entity: Entity, id: number, body: Record<string, unknown>) {
  for (const field of entity.fields) {
    if (!(field.name in body)) continue;
    if (field.sublist) await syncSublist(trx, field, id, body[field.name] as Record<string, unknown>[]);
    if (field.join) await syncJoin(trx, field, id, body[field.name] as number[]);
  }
}

/** Secrets given in the body, so the audit row says they were set (masked); sub-list items' secrets too. */
export const givenSecrets = (entity: Entity, body: Record<string, unknown>, record: Record<string, unknown>) =>
  Object.fromEntries(entity.fields.flatMap((f) => {
    if (f.writeOnly && f.name in body) return [[f.name, body[f.name]]];
    const secrets = f.sublist?.fields.filter((item) => item.writeOnly) ?? [];
    const given = body[f.name];
    if (secrets.length === 0 || !Array.isArray(given) || !Array.isArray(record[f.name])) return [];
    let set = false;
    const items = (record[f.name] as Record<string, unknown>[]).map((item, index) => {
      const sent = (given as Record<string, unknown>[]).find((g) => g.id != null && Number(g.id) === Number(item.id)) ?? (given[index] as Record<string, unknown> | undefined);
      const values = Object.fromEntries(secrets.filter((s) => sent && s.name in sent).map((s) => [s.name, sent![s.name]]));
      set ||= Object.keys(values).length > 0;
      return { ...item, ...values };
    });
    return set ? [[f.name, items]] : [];
  }));

/** Keys whose values differ between two versions of a record (timestamps aside). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updated_at' || key === 'created_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      old[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return { old, now };
}

async function inTransaction<T>(db: DynamicDatabase, entity: Entity, context: WriteContext, work: (trx: DynamicDatabase) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    throw translateDbError(error, entity, context.model);
  }
}

/**
 * A record just created, as `findRecord` reads it, from what its inserts answered: its sub-lists
 * and links are written here, and a new record has no others (nothing is read back).
 */
async function createdRecord(trx: DynamicDatabase, entity: Entity, row: Record<string, unknown>, body: Record<string, unknown>) {
  const id = Number(row.id);
  const record = { ...row };
  for (const field of entity.fields) {
    const given = body[field.name];
    if (field.sublist) record[field.name] = Array.isArray(given) ? await insertSublist(trx, field, id, given as Record<string, unknown>[]) : [];
    if (field.join) {
      const ids = Array.isArray(given) ? (given as number[]) : [];
      const { table, ownKey, otherKey } = field.join;
      if (ids.length) await trx.insertInto(table).values(ids.map((other) => ({ [ownKey]: id, [otherKey]: other }))).execute();
      record[field.name] = ids.map(Number).sort((a, b) => a - b);
    }
  }
  withChoicesInOrder(entity.fields, [record]);
  return record;
}

/** Creates a record (with its sub-lists and many-to-many links) and its audit row, in one transaction. */
export async function createRecord(db: DynamicDatabase, entity: Entity, input: unknown, context: WriteContext) {
  const { input: fields, taken } = takeAttachments(input, entity, 'create', context);
  const body = await validated(db, entity, 'create', fields, context);
  return afterCommit(context, inTransaction(db, entity, context, async (trx) => {
    await runBeforeWrite(trx, { entity, mode: 'create', body, context });
    const values = { ...(await storedValues(columnFields(entity), body)), ...(await runServerValues(trx, { entity, mode: 'create', body, context })) };
    if (entity.inactivatable) values.inactivated_at = body.inactivated === true ? new Date() : null;
    const row: Record<string, unknown> = await trx.insertInto(entity.table).values(values).returning(readableColumns(entity.fields)).executeTakeFirstOrThrow();
    const id = Number(row.id);
    const record = await createdRecord(trx, entity, row, body);
    await claimFiles(trx, entity, id, body, null, context);
    await describeFiles(trx, entity, record);
    await recordAudit(
      trailOf(trx),
      { event: 'created', userId: context.userId, module: entity.module, recordId: id, newValues: { ...record, ...givenSecrets(entity, body, record) } },
      secretFieldNames(entity),
    );
    await recordItemEvents(trailOf(trx), entity, { before: null, after: record, userId: context.userId, secretFields: secretFieldNames(entity) });
    await runAfterWrite(trx, { entity, mode: 'create', body, record, previous: null, context });
    await applyAttachments(trx, taken, { entity, mode: 'create', record, context });
    await context.inWrite?.(trx, record);
    return record;
  }));
}

/** The write's answer once the files it replaced are gone from the storage (files.ts). */
async function afterCommit<T>(context: WriteContext, committed: Promise<T>): Promise<T> {
  const result = await committed;
  await discardFiles(context);
  return result;
}

/**
 * Updates a record; sub-lists given in the body replace the stored ones. Throws 404 when it does not
 * exist, and 409 when `expected` names a version the stored record no longer has (nothing is written).
 */
export async function updateRecord(db: DynamicDatabase, entity: Entity, id: number, input: unknown, context: WriteContext, expected: ExpectedVersion = []) {
  const stored = await findRow(db, entity, id);
  checkVersion(stored, expected);
  const { input: fields, taken } = takeAttachments(input, entity, 'update', context);
  const body = await validated(db, entity, 'edit', fields, context, await withOrderedSublists(db, entity, stored));
  return afterCommit(context, inTransaction(db, entity, context, async (trx) => {
    const row = await lockCurrentRow(trx, entity.table, id, expected);
    const before = await findRecord(trx, entity, id);
    await runBeforeWrite(trx, { entity, mode: 'update', body, previous: before, context });
    const values = { ...(await storedValues(columnFields(entity), body)), ...(await runServerValues(trx, { entity, mode: 'update', body, previous: before, context })) };
    if (entity.inactivatable && 'inactivated' in body && body.inactivated !== row.inactivated) {
      values.inactivated_at = body.inactivated === true ? new Date() : null;
    }
    await trx.updateTable(entity.table).set({ ...values, updated_at: nextVersion(row.updated_at) }).where('id', '=', id).execute();
    await writeChildren(trx, entity, id, body);
    await claimFiles(trx, entity, id, body, before, context);
    const after = await findRecord(trx, entity, id);
    const { old, now } = changes(before, after);
    Object.assign(now, givenSecrets(entity, body, after));
    await recordAudit(trailOf(trx), { event: context.auditEvent ?? 'updated', userId: context.userId, module: entity.module, recordId: id, oldValues: old, newValues: now }, secretFieldNames(entity));
    await recordItemEvents(trailOf(trx), entity, { before, after, userId: context.userId, secretFields: secretFieldNames(entity) });
    await runAfterWrite(trx, { entity, mode: 'update', body, record: after, previous: before, context });
    await applyAttachments(trx, taken, { entity, mode: 'update', record: after, context });
    await context.inWrite?.(trx, after);
    return after;
  }));
}
