/** What the browser keeps between visits: the token, the chosen space, the page to return to. */
export interface Session {
  token(): string | null;
  setToken(token: string | null): void;
  tenant(): string | null;
  setTenant(name: string | null): void;
  /** Where the person was when the session ended, to go back after logging in again. */
  returnTo(): string | null;
  setReturnTo(path: string | null): void;
  /** Whether the person must change the password (one-time password) before using anything but /perfil. */
  mustChangePassword(): boolean;
  setMustChangePassword(must: boolean): void;
}

const KEYS = { token: 'token', tenant: 'tenant', returnTo: 'returnTo', mustChangePassword: 'mustChangePassword' } as const;

/** A session over any Storage-like object (localStorage in the browser). */
export function storageSession(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): Session {
  const read = (key: string) => storage.getItem(key);
  const write = (key: string, value: string | null) => (value === null ? storage.removeItem(key) : storage.setItem(key, value));
  return {
    token: () => read(KEYS.token),
    setToken: (token) => write(KEYS.token, token),
    tenant: () => read(KEYS.tenant),
    setTenant: (name) => write(KEYS.tenant, name),
    returnTo: () => read(KEYS.returnTo),
    setReturnTo: (path) => write(KEYS.returnTo, path),
    mustChangePassword: () => read(KEYS.mustChangePassword) === 'true',
    setMustChangePassword: (must) => write(KEYS.mustChangePassword, must ? 'true' : null),
  };
}

/** A session kept in memory (for a script or a test run outside the browser). */
export function memorySession(): Session {
  const map = new Map<string, string>();
  return storageSession({
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  });
}

/** The API's base address: the page's host, on port 8000 when the page is served on 8080 (development). */
export function apiBaseUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>): string {
  return location.port === '8080' ? `${location.protocol}//${location.hostname}:8000` : location.origin;
}
