/**
 * What the API must answer, derived from the model alone: the operations a module offers, who may
 * insert (admin alone where the schema says so), and the principal's grants.
 */
import type { Entity, Operation } from '../../../language/index.js';
import type { ResourceAction } from '../../../src/server/core/resources/permissions.js';
import type { ResourceRegistry } from '../../../src/server/core/resources/registry.js';
import type { Principal } from './principals.js';

/** A module's insert is 'store' here whatever permission it needs (`.store`, or `.generate` for a report). */
export type MatrixAction = Exclude<ResourceAction, 'generate'> | 'combos' | 'multiple_delete';
export const MATRIX_ACTIONS: MatrixAction[] = ['index', 'show', 'store', 'update', 'destroy', 'combos', 'multiple_delete'];

const OPERATION: Record<Exclude<MatrixAction, 'generate'>, Operation> = {
  index: 'list', combos: 'list', show: 'show', store: 'create', update: 'update', destroy: 'delete', multiple_delete: 'delete',
};

/** The permission action a matrix action needs (combos: index; multiple_delete: destroy). */
export const permissionAction = (action: MatrixAction): ResourceAction =>
  action === 'combos' ? 'index' : action === 'multiple_delete' ? 'destroy' : action;

export const isWrite = (action: MatrixAction) => action === 'store' || action === 'update' || action === 'destroy' || action === 'multiple_delete';

const SUCCESS: Record<Exclude<MatrixAction, 'generate'>, number> = { index: 200, combos: 200, show: 200, store: 201, update: 200, destroy: 200, multiple_delete: 200 };

/**
 * A module that deletes one record at a time (`x-bulk-delete: false`) answers `multiple_delete` 405
 * to whoever may delete its records, and deletes nothing; the others are refused as usual (401, 403).
 */
export function expectedStatus(entity: Entity, action: MatrixAction, principal: Principal, resources: ResourceRegistry): number {
  const status = permittedStatus(entity, action, principal, resources);
  return action === 'multiple_delete' && status === SUCCESS.multiple_delete && !entity.bulkDelete ? 405 : status;
}

function permittedStatus(entity: Entity, action: MatrixAction, principal: Principal, resources: ResourceRegistry): number {
  if (principal === 'anonymous') return 401;
  if (!entity.operations[OPERATION[action]]) return 405;
  if (principal === 'admin') return SUCCESS[action];
  // Lists the spec opens to any signed-in user (a feature's open list) answer everyone, scoped to the caller's space.
  if (action === 'index' && resources.openListOf(entity.module)) return SUCCESS[action];
  // Modules open to every signed-in person (`x-access: any`): the party configuration.
  if (entity.access === 'any') return SUCCESS[action];
  if (principal === 'exact' || principal === 'role') {
    return action === 'store' && entity.insertPermission === 'admin' ? 403 : SUCCESS[action];
  }
  return 403;
}
