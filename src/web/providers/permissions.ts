/** Pure permission logic shared by the auth provider, the routes and the menu (specification 000 §6). */
import { routeRequirements, type RouteAction } from './routeRules';

/** The tenant system name that unlocks the tenant and system forms ('magnetar-index'), compared case-insensitively. */
export const RESERVED_SYSTEM_NAME = 'magnetar';

/** A permission as the load call gives it: a name, or a grant with `granted` and `expires_at`. */
type LoadedPermission = string | { name?: unknown; granted?: unknown; expires_at?: unknown };

export interface LoadData {
  me?: { user?: unknown; permissions?: LoadedPermission[]; roles?: { permissions?: LoadedPermission[] }[] };
  /** The tenant's permissions (`area.action`), the source of the access map. */
  permissions?: LoadedPermission[];
  tenant?: { name?: string; system_name?: string | null; system?: { name?: string } } | null;
  [key: string]: unknown;
}

/** Today as YYYY-MM-DD in the person's time zone (expiry dates are calendar days). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The name a permission grants, or undefined when it is not granted or its expiry day has passed. */
export function grantedName(p: LoadedPermission, day: string): string | undefined {
  if (typeof p === 'string') return p;
  if (!p || typeof p !== 'object' || typeof p.name !== 'string') return undefined;
  if (p.granted === false) return undefined;
  if (typeof p.expires_at === 'string' && p.expires_at && p.expires_at.slice(0, 10) < day) return undefined;
  return p.name;
}

export function isReservedSystem(load: LoadData | undefined): boolean {
  const name = load?.tenant?.system_name ?? load?.tenant?.system?.name;
  return typeof name === 'string' && name.trim().toLowerCase() === RESERVED_SYSTEM_NAME;
}

/**
 * The names the person holds: their effective permissions (direct ones and those of each role, granted
 * and not expired), always 'any', and 'magnetar-index' for the reserved tenant system name.
 */
export function permissionNames(load: LoadData, day = today()): string[] {
  const names = new Set<string>(['any']);
  const add = (list: LoadedPermission[] | undefined) => {
    for (const p of list ?? []) {
      const name = grantedName(p, day);
      if (name) names.add(name);
    }
  };
  add(load.me?.permissions);
  for (const role of load.me?.roles ?? []) add(role.permissions);
  if (isReservedSystem(load)) names.add('magnetar-index');
  return [...names];
}

/**
 * The tenant's access map: `area.action` → key `areaAction`, value `area.action|admin` (either grants);
 * 'admin' maps to itself.
 * @example accessMap(['civilStatus.index', 'admin']) // → { civilStatusIndex: 'civilStatus.index|admin', admin: 'admin' }
 */
export function accessMap(tenantPermissions: readonly LoadedPermission[], day = today()): Record<string, string> {
  const map: Record<string, string> = {};
  for (const p of tenantPermissions) {
    const name = grantedName(p, day);
    if (!name) continue;
    if (name === 'admin') {
      map.admin = 'admin';
      continue;
    }
    const dot = name.lastIndexOf('.');
    if (dot <= 0 || dot === name.length - 1) continue;
    const action = name.slice(dot + 1);
    map[name.slice(0, dot) + action[0].toUpperCase() + action.slice(1)] = `${name}|admin`;
  }
  return map;
}

/** Whether a rule `a|b|c` (as in the access map or a route) is met by any name held. */
export function meets(held: readonly string[], rule: string): boolean {
  return rule.split('|').some((name) => held.includes(name));
}

export interface GuardedResource {
  name?: string;
  permission: string;
  insertPermission: 'store' | 'admin' | 'generate';
  /** `'any'`: every signed-in person may use every route of the module (`x-access`). */
  access?: 'any';
  /** The operations the module offers (default all); a read-only module has no insert, save or delete. */
  operations?: Partial<Record<string, boolean>> | readonly string[];
}

const OPERATION_OF: Partial<Record<string, string>> = { create: 'create', update: 'update', delete: 'delete' };

/** Whether the module offers what the action needs (a read-only module never inserts, saves or deletes). */
export function offers(resource: GuardedResource, action: string): boolean {
  const operation = OPERATION_OF[action];
  const operations = resource.operations;
  if (!operation || !operations) return true;
  return Array.isArray(operations) ? operations.includes(operation) : (operations as Partial<Record<string, boolean>>)[operation] !== false;
}

/** react-admin actions → the specification's route permissions (any one of them grants access). */
export function requiredPermissions(resource: GuardedResource, action: string): string[] {
  return routeRequirements(resource, action as RouteAction);
}

export function allows(held: readonly string[], resource: GuardedResource, action: string): boolean {
  return offers(resource, action) && requiredPermissions(resource, action).some((name) => held.includes(name));
}

/** The menu flags: one per module permission, on when its list may be opened (monitor is on by default). */
export function menuFlags(resources: readonly GuardedResource[], held: readonly string[]): Record<string, boolean> {
  const flags: Record<string, boolean> = { monitor: true };
  for (const resource of resources) flags[resource.permission] = allows(held, resource, 'list');
  return flags;
}

/** The name shown before every page title: the `system_name` parameter, else the tenant's system name, else 'Conselho'. */
export function systemName(load: LoadData | undefined): string {
  const parameter = Array.isArray(load?.parameters)
    ? (load.parameters as { name?: unknown; value?: unknown; defaultValue?: unknown; useDefault?: unknown }[]).find((p) => p?.name === 'system_name')
    : undefined;
  const named = parameter ? (parameter.useDefault === true ? parameter.defaultValue : parameter.value) : undefined;
  if (typeof named === 'string' && named.trim() !== '') return named.trim();
  const tenant = load?.tenant;
  // `tenant.name` is the space's technical name (`default`), not a name to show people.
  return tenant?.system_name || tenant?.system?.name || 'Conselho';
}
