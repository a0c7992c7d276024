import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity } from '../../../../language/index.js';
import { recordAudit, trailOf } from '../audit/record.js';
import { conflict, notFound } from '../http/app-error.js';
import { translateDbError } from './db-errors.js';
import { secretFieldNames } from './fields.js';
import { discardFiles, dropRecordFiles } from './files.js';
import { runBeforeDelete, type WriteContext } from './hooks.js';
import { findRecord } from './read.js';

/** Deletes one record inside a transaction the caller holds, with its hooks, files and audit row (a record's dependants deleted with it). */
export async function deleteOne(trx: DynamicDatabase, entity: Entity, id: number, context: WriteContext) {
  const record = await findRecord(trx, entity, id);
  await runBeforeDelete(trx, { entity, id, record, context });
  await trx.deleteFrom(entity.table).where('id', '=', id).execute();
  await dropRecordFiles(trx, entity, id, context);
  await recordAudit(trailOf(trx), { event: 'deleted', userId: context.userId, module: entity.module, recordId: id, oldValues: record }, secretFieldNames(entity));
}

/** Deletes one record; 404 when it does not exist, 409 when other records still use it. */
export async function deleteRecord(db: DynamicDatabase, entity: Entity, id: number, context: WriteContext): Promise<void> {
  return deleteRecords(db, entity, [id], context);
}

export const OWN_ACCOUNT_MESSAGE = 'Não é possível excluir o próprio usuário.';

/**
 * Deletes several records in one transaction: all of them, or none when any is missing or in use.
 * The signed-in person's own account (`x-accounts`) is never among them: 409, nothing deleted (the
 * screens offer no 'Excluir' there, and the delete's audit row names its author).
 */
export async function deleteRecords(db: DynamicDatabase, entity: Entity, ids: number[], context: WriteContext): Promise<void> {
  if (ids.length === 0) throw notFound();
  if (entity.accounts && context.userId !== null && ids.includes(context.userId)) throw conflict(OWN_ACCOUNT_MESSAGE);
  try {
    await db.transaction().execute(async (trx) => {
      for (const id of new Set(ids)) await deleteOne(trx, entity, id, context);
    });
  } catch (error) {
    throw translateDbError(error, entity, context.model);
  }
  await discardFiles(context);
}
