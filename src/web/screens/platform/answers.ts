/** What the platform's write answers carry beyond the record, read where the server puts it. */

export interface InitialAdmin {
  email: string;
  password: string;
  /** The space the administrator belongs to, when the answer names it. */
  space?: string;
}

type Json = Record<string, unknown> | null | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function adminOf(value: unknown, space?: unknown): InitialAdmin | null {
  if (!isObject(value) || typeof value.email !== 'string' || typeof value.password !== 'string') return null;
  const named = typeof value.space === 'string' ? value.space : typeof value.tenant_name === 'string' ? value.tenant_name : typeof space === 'string' ? space : undefined;
  return { email: value.email, password: value.password, ...(named ? { space: named } : {}) };
}

/**
 * The first administrators of the spaces a save just created (`initial_admin`), whether the answer
 * carries one at its top, one in `data`, a list, or one per space of `data.tenant_configs`.
 */
export function initialAdminsOf(json: Json): InitialAdmin[] {
  const found: InitialAdmin[] = [];
  const add = (value: unknown, space?: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      const admin = adminOf(item, space);
      if (admin && !found.some((f) => f.email === admin.email && f.password === admin.password)) found.push(admin);
    }
  };
  const data = isObject(json?.data) ? json.data : undefined;
  for (const holder of [json, data, isObject(json?.meta) ? json.meta : undefined]) {
    if (!holder) continue;
    add(holder.initial_admin, holder.tenant_name);
    add(holder.initial_admins);
  }
  for (const config of Array.isArray(data?.tenant_configs) ? data.tenant_configs : []) {
    if (isObject(config)) add(config.initial_admin, config.tenant_name);
  }
  return found;
}

/** Where each database of a deleted tenant or space is kept (`detached_databases`), as sentences. */
export function detachedDatabasesOf(json: Json): string[] {
  const data = isObject(json?.data) ? json.data : undefined;
  const list = json?.detached_databases ?? data?.detached_databases ?? (isObject(json?.meta) ? json.meta.detached_databases : undefined);
  return (Array.isArray(list) ? list : list == null ? [] : [list]).map(describeDetached).filter(Boolean);
}

function describeDetached(item: unknown): string {
  if (typeof item === 'string') return item;
  if (!isObject(item)) return '';
  const space = item.tenant_name ?? item.space ?? item.name;
  const where = item.location ?? item.path ?? item.folder ?? item.database ?? item.db_name;
  const parts = [space ? `Espaço ${String(space)}` : '', where ? String(where) : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(': ') : JSON.stringify(item);
}

/** The system token shown once after the system is created. */
export function systemTokenOf(json: Json): string | null {
  const data = isObject(json?.data) ? json.data : undefined;
  const token = json?.system_token ?? data?.system_token ?? (isObject(json?.meta) ? json.meta.system_token : undefined);
  return typeof token === 'string' && token !== '' && token !== '[PROTEGIDO]' ? token : null;
}
