/** The route permission list of specification 000 §6: which names open which route of a module. */

export type RouteAction = 'list' | 'create' | 'edit' | 'show' | 'update' | 'delete' | (string & {});

interface RuleTarget {
  name?: string;
  permission: string;
  insertPermission: 'store' | 'admin' | 'generate';
  /** `'any'`: the schema opens every route of the module to every signed-in person (`x-access`), as the server does. */
  access?: 'any';
}

type Rules = Partial<Record<'list' | 'create' | 'edit', string[]>>;

const ANY = ['any'];
const MAGNETAR = ['magnetar-index', 'admin'];

/**
 * The specific requirements, by module route. Modules not listed follow the pattern (index, store,
 * show|update). The audit log, which the specification marks 'any', stays behind audit.index and
 * audit.show as the server requires: who changed what is not for everyone.
 */
const SPECIFIC: Record<string, Rules> = {
  relatorio: { create: ['report.generate', 'admin'], edit: ['report.show', 'admin'] },
  monitores: { create: ['monitor.insert', 'admin'] },
  parametros: { list: ['parameter.index', 'admin'], edit: ['parameter.index', 'admin'] },
  instituicao: { list: ['institution.update', 'admin'], edit: ['institution.update', 'admin'] },
  control_account: { create: [], edit: ['controlAccount.show', 'admin'] },
  pagamentos: { create: [], edit: ['controlAccount.show', 'admin'] },
  creditos: { create: [], edit: ['controlAccount.show', 'admin'] },
  fluxo_trabalho: { edit: ['workflow.show', 'workflow.execute', 'admin'] },
  clientes: { list: ANY, create: MAGNETAR, edit: MAGNETAR },
  sistemas: { create: MAGNETAR, edit: MAGNETAR },
  tipos_parte: { list: ANY, create: ANY, edit: ANY },
  regras_relacao: { list: ANY, create: ANY, edit: ANY },
  tipo_relacao: { list: ANY, create: ANY, edit: ANY },
  perfil: { list: ANY, edit: ANY },
};

/** The names any one of which opens the route (or performs the action) on a module. */
export function routeRequirements(resource: RuleTarget, action: RouteAction): string[] {
  const p = resource.permission;
  if (resource.access === 'any') return ANY;
  const specific = resource.name ? SPECIFIC[resource.name] : undefined;
  const route = action === 'show' ? 'edit' : action;
  const rule = route === 'list' || route === 'create' || route === 'edit' ? specific?.[route as 'list' | 'create' | 'edit'] : undefined;
  if (rule) return rule;
  switch (action) {
    case 'list':
      return [`${p}.index`, 'admin'];
    case 'create':
      return resource.insertPermission === 'admin' ? ['admin'] : [`${p}.${resource.insertPermission}`, 'admin'];
    // The record route `/{module}/{id}` opens read-only, so viewing is enough to open it; saving needs 'update'.
    case 'edit':
    case 'show':
      return [`${p}.show`, `${p}.update`, 'admin'];
    case 'update':
      return [`${p}.update`, 'admin'];
    case 'delete':
      return [`${p}.destroy`, 'admin'];
    default:
      return [`${p}.${action}`, 'admin'];
  }
}

/**
 * The names that put a module in the menu. The menu follows index permissions (spec 000 §2); a list
 * whose route is open to 'any' (the tenants list) appears only for those who hold its index or may
 * manage the module, though anyone may still open its address.
 */
export function menuRequirements(resource: RuleTarget): string[] {
  const list = routeRequirements(resource, 'list');
  // A module the schema opens to everyone (`x-access`) has no index permission to hold: everyone sees it.
  if (!list.includes('any') || resource.access === 'any') return list;
  const managers = resource.name ? (SPECIFIC[resource.name]?.create ?? []) : [];
  return [...new Set([`${resource.permission}.index`, 'admin', ...managers.filter((name) => name !== 'any')])];
}
