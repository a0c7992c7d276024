import type { FastifyRequest } from 'fastify';
import type { DynamicDatabase } from '../db/dynamic.js';
import type { Entity, Model, Operation } from '../../../../language/index.js';
import { AppError, MESSAGES } from '../http/app-error.js';
import { sessionOf } from '../http/session.js';
import type { WriteContext } from './hooks.js';
import { listRecords, type ListResult } from './list.js';
import { runAnswerHooks, runListHooks, runShowHooks } from './read-hooks.js';
import { findRecord } from './read.js';
import { entityPermission, type ResourceAction } from './permissions.js';
import type { ResourceRegistry } from './registry.js';

export const NOT_OFFERED = 'Operação não permitida neste cadastro.';
export const NO_BULK_DELETE = 'Neste cadastro os registros são excluídos um de cada vez.';

/** Who may run an operation, and where: the database and the write context of an allowed call. */
export type AllowOperation = (request: FastifyRequest, entity: Entity, operation: Operation, ...actions: ResourceAction[]) => { db: DynamicDatabase; context: WriteContext };

/**
 * The permission check every generic route runs (the contract's routes and the stock REST
 * dialect alike): the module offers the operation (else 405, whoever asks) and the caller may use
 * it, by the features' access rules or one of the actions' permissions (else 403).
 */
export function operationAccess(model: Model, registry: ResourceRegistry): AllowOperation {
  return (request, entity, operation, ...actions) => {
    if (!entity.operations[operation]) throw new AppError(405, NOT_OFFERED);
    const names = actions.map((action) => entityPermission(entity, action));
    // The spec names some insert permissions `<permission>.insert` (monitor.insert); either name allows it.
    if (operation === 'create' && actions.includes('store')) names.push(`${entity.permission}.insert`);
    if (!registry.mayUse(request, entity, names)) throw new AppError(403, MESSAGES.forbidden);
    const database = registry.locatorOf(entity.database);
    const userId = database.knowsCaller(request) ? sessionOf(request).user.id : null;
    const db = database.db(request);
    return { db, context: { ...registry.writeContext(model, entity.module, userId), files: registry.filesOf(request), request } };
  };
}

/** The insert actions of an entity: none where only `admin` inserts. */
export const insertActions = (entity: Entity): ResourceAction[] =>
  entity.insertPermission === 'admin' ? [] : entity.insertPermission === 'generate' ? ['generate'] : ['store'];

/** A module's list as its caller may see it: a list a feature opens to everyone answers for itself. */
export async function listFor(allow: AllowOperation, registry: ResourceRegistry, request: FastifyRequest, entity: Entity, query: Record<string, unknown>): Promise<ListResult> {
  const openList = registry.openListOf(entity.module);
  const hooks = registry.readHooksOf(entity.module);
  if (openList) {
    const result = await openList(request, entity);
    if (!hooks.length) return result;
    const ctx = { request, entity, db: registry.locatorOf(entity.database).db(request) };
    await runListHooks(hooks, result.data, ctx);
    return { ...(await runAnswerHooks(hooks, ctx)), ...result };
  }
  const { db } = allow(request, entity, 'list', 'index');
  const result = await listRecords(db, entity, query);
  await runListHooks(hooks, result.data, { request, entity, db });
  return { ...(await runAnswerHooks(hooks, { request, entity, db })), ...result };
}

/** One record as `GET /{module}/{id}` answers it, with what the module's read hooks add. */
export async function showFor(allow: AllowOperation, registry: ResourceRegistry, request: FastifyRequest, entity: Entity, id: number): Promise<Record<string, unknown>> {
  const { db } = allow(request, entity, 'show', 'show');
  const record = await findRecord(db, entity, id);
  await runShowHooks(registry.readHooksOf(entity.module), record, { request, entity, db });
  return registry.withExternal(request, entity, record);
}

/** Deleting several records at once, where the module allows it (`x-bulk-delete`). */
export function checkBulkDelete(entity: Entity): void {
  if (entity.operations.delete && !entity.bulkDelete) throw new AppError(405, NO_BULK_DELETE);
}
