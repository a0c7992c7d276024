import type { Entity, MenuArea, Model, Operation } from '../../../language/index.js';
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

/** Permissions of specification 000 that guard screens no schema describes yet (or not only a schema). */
const SPECIAL: PermissionEntry[] = [
  { name: 'workflow.execute', label: 'Fluxos de trabalho — executar', module: null, area: 'fluxos' },
  { name: 'report.generate', label: 'Relatórios — gerar', module: null, area: 'relatorios' },
  { name: 'monitor.insert', label: 'Monitor — incluir', module: null, area: 'sistema' },
  { name: 'parameter.index', label: 'Parâmetros — listar', module: null, area: 'sistema' },
  { name: 'parameter.update', label: 'Parâmetros — alterar', module: null, area: 'sistema' },
  { name: 'institution.update', label: 'Instituição — alterar', module: null, area: 'sistema' },
  { name: 'deadline.index', label: 'Prazos — listar', module: null, area: 'tabelas' },
  { name: 'deadline.store', label: 'Prazos — incluir', module: null, area: 'tabelas' },
  { name: 'deadline.update', label: 'Prazos — alterar, suspender, reativar, concluir e cancelar', module: null, area: 'tabelas' },
  { name: 'inspectionAction.supervise', label: 'Ações de fiscalização — atuar como fiscal', module: null, area: 'fiscalizacao' },
  { name: 'controlAccount.show', label: 'Conta de controle — visualizar', module: null, area: 'financeiro' },
  { name: 'controlAccount.post', label: 'Conta de controle — lançar e confirmar lançamentos', module: null, area: 'financeiro' },
  { name: 'controlAccount.pay', label: 'Conta de controle — pagar', module: null, area: 'financeiro' },
  { name: 'controlAccount.reverse', label: 'Conta de controle — estornar pagamentos', module: null, area: 'financeiro' },
  ...(Object.keys(ACTION_LABELS) as ResourceAction[]).filter((action) => action !== 'generate').map((action) => ({
    name: `party.${action}`, label: `Pessoas — ${ACTION_LABELS[action]}`, module: null, area: 'cadastro' as MenuArea,
  })),
];

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
