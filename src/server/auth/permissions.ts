import type { Kysely } from 'kysely';
import type { Entity, Model } from '../../../generator/language/index.js';

export const ADMIN = 'admin';

export type ResourceAction = 'index' | 'show' | 'store' | 'update' | 'destroy';

const ACTION_LABELS: Record<ResourceAction, string> = {
  index: 'listar',
  show: 'visualizar',
  store: 'incluir',
  update: 'alterar',
  destroy: 'excluir',
};

export interface PermissionEntry {
  name: string;
  label: string;
  /** The screen module the permission guards, or null (reference data without screens, 'admin'). */
  module: string | null;
}

/** Names a user holds now: granted and not past their expiry (a null expiry is permanent). */
export async function effectivePermissions(db: Kysely<any>, userId: number | string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_permissions')
    .select('name')
    .where('user_id', '=', userId)
    .where('granted', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('name')
    .execute();
  return [...new Set(rows.map((row) => row.name as string))];
}

/** True when the holder has 'admin' or any of the names. */
export function allows(held: ReadonlySet<string>, anyOf: readonly string[]): boolean {
  return held.has(ADMIN) || anyOf.some((name) => held.has(name));
}

export const entityPermission = (entity: Entity, action: ResourceAction) => `${entity.permission}.${action}`;

/**
 * Every permission the application knows, derived from the model: five per permission name plus 'admin'.
 * Entities sharing a permission (the party screens) share its entries; the first screen names it.
 */
export function permissionCatalogue(model: Model): PermissionEntry[] {
  const entries = new Map<string, PermissionEntry>();
  entries.set(ADMIN, { name: ADMIN, label: 'Administrador (acesso total)', module: null });
  for (const entity of model.entities) {
    for (const action of Object.keys(ACTION_LABELS) as ResourceAction[]) {
      const name = entityPermission(entity, action);
      const existing = entries.get(name);
      if (existing && existing.module) continue;
      entries.set(name, { name, label: `${entity.label.plural}: ${ACTION_LABELS[action]}`, module: entity.screens ? entity.module : null });
    }
  }
  return [...entries.values()];
}
