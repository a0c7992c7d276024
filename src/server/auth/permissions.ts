import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Entity, MenuArea, Model, Operation } from '../../../generator/language/index.js';

export const ADMIN = 'admin';

export type ResourceAction = 'index' | 'show' | 'store' | 'update' | 'destroy';

const ACTION_LABELS: Record<ResourceAction, string> = {
  index: 'listar',
  show: 'visualizar',
  store: 'incluir',
  update: 'alterar',
  destroy: 'excluir',
};

/** The generic operation each action guards: an action of an operation a module does not offer grants nothing. */
const ACTION_OPERATION: Record<ResourceAction, Operation> = { index: 'list', show: 'show', store: 'create', update: 'update', destroy: 'delete' };

export interface PermissionEntry {
  name: string;
  /** pt-BR: 'Estados civis — listar'. */
  label: string;
  /** The screen module the permission guards, or null (reference data without screens, the special ones). */
  module: string | null;
  /** Menu area the picker groups it under; null for 'admin'. */
  area: MenuArea | null;
}

/** Permissions of specification 000 that guard screens no schema describes yet (or not only a schema). */
const SPECIAL: PermissionEntry[] = [
  { name: 'workflow.execute', label: 'Fluxos de trabalho — executar', module: null, area: 'fluxos' },
  { name: 'report.generate', label: 'Relatórios — gerar', module: null, area: 'relatorios' },
  { name: 'monitor.insert', label: 'Monitor — incluir', module: null, area: 'sistema' },
  { name: 'parameter.index', label: 'Parâmetros — listar', module: null, area: 'sistema' },
  { name: 'parameter.update', label: 'Parâmetros — alterar', module: null, area: 'sistema' },
  { name: 'institution.update', label: 'Instituição — alterar', module: null, area: 'sistema' },
  { name: 'controlAccount.show', label: 'Conta de controle — visualizar', module: null, area: 'financeiro' },
  ...(Object.keys(ACTION_LABELS) as ResourceAction[]).map((action) => ({
    name: `party.${action}`, label: `Pessoas — ${ACTION_LABELS[action]}`, module: null, area: 'cadastro' as MenuArea,
  })),
];

/** A grant counts while granted and not past its expiry date (the expiry day itself still counts). */
const live = sql<boolean>`granted and (expires_at is null or expires_at >= current_date)`;

/**
 * The names a user holds now, as a subquery over `userId` (an SQL expression): their own live
 * grants and those of their roles. The request guard reads it in the token's statement.
 */
export const effectivePermissionsOf = (userId: RawBuilder<unknown>) => sql`
    select up.name from user_permissions up where up.user_id = ${userId} and up.granted and (up.expires_at is null or up.expires_at >= current_date)
    union
    select rp.name from role_permissions rp join users_roles ur on ur.role_id = rp.role_id
     where ur.user_id = ${userId} and rp.granted and (rp.expires_at is null or rp.expires_at >= current_date)`;

/** Names a user holds now: their own live grants and those of their roles. Read on every request. */
export async function effectivePermissions(db: Kysely<any>, userId: number | string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from user_permissions where user_id = ${userId} and ${live}
    union
    select rp.name from role_permissions rp join users_roles ur on ur.role_id = rp.role_id
     where ur.user_id = ${userId} and ${live}
    order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** True when the holder has 'admin' or any of the names. */
export function allows(held: ReadonlySet<string>, anyOf: readonly string[]): boolean {
  return held.has(ADMIN) || anyOf.some((name) => held.has(name));
}

export const entityPermission = (entity: Entity, action: ResourceAction) => `${entity.permission}.${action}`;

/** The actions an entity's routes check: only of the operations it offers; no 'store' where only 'admin' inserts. */
export function entityActions(entity: Entity): ResourceAction[] {
  return (Object.keys(ACTION_LABELS) as ResourceAction[]).filter(
    (action) => entity.operations[ACTION_OPERATION[action]] && !(action === 'store' && entity.insertPermission === 'admin'),
  );
}

/**
 * Every permission the application knows: one per action of each schema (only of the operations it
 * offers), the specification's special ones and 'admin'. Entities sharing a permission name share
 * its entries; a screen module names it before reference data does.
 */
export function permissionCatalogue(model: Model): PermissionEntry[] {
  const entries = new Map<string, PermissionEntry>();
  entries.set(ADMIN, { name: ADMIN, label: 'Administrador (acesso total)', module: null, area: null });
  for (const entity of model.entities) {
    for (const action of entityActions(entity)) {
      const name = entityPermission(entity, action);
      if (entries.get(name)?.module) continue;
      entries.set(name, { name, label: `${entity.label.plural} — ${ACTION_LABELS[action]}`, module: entity.screens ? entity.module : null, area: entity.area });
    }
  }
  for (const special of SPECIAL) if (!entries.has(special.name)) entries.set(special.name, special);
  return [...entries.values()];
}
