import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Entity, Model, Operation } from '../../../generator/language/index.js';
import { entityPermission, type ResourceAction } from '../auth/permissions.js';
import { AppError } from '../http/app-error.js';
import { spaceOf } from '../http/space.js';
import { requireModuleAccess } from '../platform/access.js';
import { databaseOf } from '../platform/platform-db.js';
import { OPEN_LISTS } from '../platform/routes.js';
import type { WriteContext } from './context.js';
import { listRecords, type ListResult } from './list.js';

export const NOT_OFFERED = 'Operação não permitida neste cadastro.';

/** Who may run an operation, and where: the database and the write context of an allowed call. */
export type AllowOperation = (request: FastifyRequest, entity: Entity, operation: Operation, ...actions: ResourceAction[]) => { db: Kysely<any>; context: WriteContext };

/**
 * The permission check every generic route runs (the contract's routes and the stock REST
 * dialect alike): the module offers the operation (else 405, whoever asks) and the caller holds
 * one of the actions' permissions (else 403).
 */
export function operationAccess(model: Model): AllowOperation {
  return (request, entity, operation, ...actions) => {
    if (!entity.operations[operation]) throw new AppError(405, NOT_OFFERED);
    const names = actions.map((action) => entityPermission(entity, action));
    // The spec names some insert permissions `<permission>.insert` (monitor.insert); either name allows it.
    if (operation === 'create' && actions.includes('store')) names.push(`${entity.permission}.insert`);
    const session = requireModuleAccess(request, entity, names);
    // The audit rows of the platform database name users of the default space only (its users table).
    const foreignUser = entity.database === 'platform' && spaceOf(request).isDefault === false;
    const spaces = (request.server as { spaces?: WriteContext['spaces'] }).spaces ?? null;
    return { db: databaseOf(request, entity.database), context: { model, userId: foreignUser ? null : session.user.id, spaces } as WriteContext };
  };
}

/** The insert actions of an entity: none where only `admin` inserts. */
export const insertActions = (entity: Entity): ResourceAction[] => (entity.insertPermission === 'admin' ? [] : ['store']);

/** A module's list as its caller may see it: the lists the spec opens to everyone answer for themselves. */
export async function listFor(allow: AllowOperation, request: FastifyRequest, entity: Entity, query: Record<string, unknown>): Promise<ListResult> {
  const openList = OPEN_LISTS[entity.module];
  if (openList) return (await openList(request, entity)) as ListResult;
  return listRecords(allow(request, entity, 'list', 'index').db, entity, query);
}
