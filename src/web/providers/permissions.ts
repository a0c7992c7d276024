/** Pure permission logic shared by the auth provider, the routes and the menu. */

export interface LoadData {
  me?: { user?: unknown; permissions?: unknown[]; roles?: { permissions?: unknown[] }[] };
  tenant?: { name?: string; system_name?: string; system?: { name?: string } } | null;
  [key: string]: unknown;
}

const nameOf = (p: unknown): string | undefined =>
  typeof p === 'string' ? p : p && typeof p === 'object' && typeof (p as { name?: unknown }).name === 'string' ? (p as { name: string }).name : undefined;

/** The names the person holds: direct ones, those of each role, and always 'any'. */
export function permissionNames(load: LoadData): string[] {
  const names = new Set<string>(['any']);
  for (const p of load.me?.permissions ?? []) {
    const name = nameOf(p);
    if (name) names.add(name);
  }
  for (const role of load.me?.roles ?? []) {
    for (const p of role.permissions ?? []) {
      const name = nameOf(p);
      if (name) names.add(name);
    }
  }
  return [...names];
}

export interface GuardedResource {
  permission: string;
  insertPermission: 'store' | 'admin';
}

/** react-admin actions → the specification's route permissions (any one of them grants access). */
export function requiredPermissions(resource: GuardedResource, action: string): string[] {
  const p = resource.permission;
  switch (action) {
    case 'list':
      return [`${p}.index`, 'admin'];
    case 'create':
      return resource.insertPermission === 'admin' ? ['admin'] : [`${p}.store`, 'admin'];
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

export function allows(held: readonly string[], resource: GuardedResource, action: string): boolean {
  return requiredPermissions(resource, action).some((name) => held.includes(name));
}

/** The name shown before every page title. */
export function systemName(load: LoadData | undefined): string {
  const tenant = load?.tenant;
  // `tenant.name` is the space's technical name (`default`), not a name to show people.
  return tenant?.system_name || tenant?.system?.name || 'Conselho';
}
