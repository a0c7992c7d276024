import type { Entity, MenuArea, Model, Operation } from '../../../../language/index.js';
import { ADMIN } from '../http/session.js';

/**
 * The permission names the generic routes check, derived from the model (`<x-permission>.<action>`),
 * and the catalogue of every name a grant may hold.
 */

export type ResourceAction = 'index' | 'show' | 'store' | 'generate' | 'update' | 'destroy';

const ACTION_LABELS: Record<ResourceAction, string> = {
  index: 'listar',
  show: 'visualizar',
  store: 'incluir',
  generate: 'gerar',
  update: 'alterar',
  destroy: 'excluir',
};

/** The generic operation each action guards: an action of an operation a module does not offer grants nothing. */
const ACTION_OPERATION: Record<ResourceAction, Operation> = { index: 'list', show: 'show', store: 'create', generate: 'create', update: 'update', destroy: 'delete' };

export interface PermissionEntry {
  name: string;
  /** pt-BR: 'Estados civis — listar'. */
  label: string;
  /** The screen module the permission guards, or null (reference data without screens, the special ones). */
  module: string | null;
  /** Menu area the picker groups it under; null for 'admin'. */
  area: MenuArea | null;
}

/**
 * A permission a feature brings beside its modules' (a screen no schema describes, an action beyond
 * the generic operations), declared in its feature.ts (`defineFeature({ permissions })`).
 */
export type FeaturePermission = Omit<PermissionEntry, 'module'>;

/** `party.index` … `party.destroy` (but `generate`): one permission per generic action of a screen that is not one schema's. */
export const actionPermissions = (permission: string, label: string, area: MenuArea): FeaturePermission[] =>
  (Object.keys(ACTION_LABELS) as ResourceAction[]).filter((action) => action !== 'generate').map((action) => ({ name: `${permission}.${action}`, label: `${label} — ${ACTION_LABELS[action]}`, area }));

export const entityPermission = (entity: Entity, action: ResourceAction) => `${entity.permission}.${action}`;

/** The actions an entity's routes check: only of the operations it offers; its insert's one ('store', 'generate', none where only 'admin' inserts); none where anyone may. */
export function entityActions(entity: Entity): ResourceAction[] {
  // A module open to every signed-in person ('any') has no permission a grant would add.
  if (entity.access === 'any') return [];
  return (Object.keys(ACTION_LABELS) as ResourceAction[]).filter(
    (action) => entity.operations[ACTION_OPERATION[action]] && (ACTION_OPERATION[action] !== 'create' || action === entity.insertPermission),
  );
}

/**
 * Every permission the application knows: one per action of each schema (only of the operations it
 * offers), those the features declare and 'admin'. Entities sharing a permission name share its
 * entries; a screen module names it before reference data does, and before a feature does.
 */
export function permissionCatalogue(model: Model, declared: readonly FeaturePermission[] = []): PermissionEntry[] {
  const entries = new Map<string, PermissionEntry>();
  entries.set(ADMIN, { name: ADMIN, label: 'Administrador (acesso total)', module: null, area: null });
  for (const entity of model.entities) {
    for (const action of entityActions(entity)) {
      const name = entityPermission(entity, action);
      if (entries.get(name)?.module) continue;
      entries.set(name, { name, label: `${entity.label.plural} — ${ACTION_LABELS[action]}`, module: entity.screens ? entity.module : null, area: entity.area });
    }
  }
  for (const permission of declared) if (!entries.has(permission.name)) entries.set(permission.name, { ...permission, module: null });
  return [...entries.values()];
}
