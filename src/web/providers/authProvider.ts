import type { AuthProvider } from 'ra-core';
import { HttpError } from 'ra-core';
import type { HttpClient } from '../http/client';
import type { Session } from '../http/session';
import { accessMap, allows, permissionNames, type GuardedResource, type LoadData } from './permissions';

export const UNEXPECTED_LOGIN_ERROR = 'Erro inesperado. Por favor, contacte o suporte.';

/** The server's answer (403) to every call but the profile's while a one-time password is unchanged. */
export const MUST_CHANGE_PASSWORD_MESSAGE = 'Altere sua senha para continuar.';
export const PASSWORD_CHANGE_PATH = '/perfil';

const mustChangePasswordRefusal = (error: { message?: string }) => error.message === MUST_CHANGE_PASSWORD_MESSAGE;

interface Options {
  http: HttpClient;
  session: Session;
  /** The resource's permission names, or undefined for routes that need none. */
  guardOf: (resource: string) => GuardedResource | undefined;
  /** The page the person is on, remembered when the session ends. */
  currentPath: () => string;
}

/**
 * Login with `POST /api/auth`, identity from `/api/auth/me`, permissions from `/api/load`;
 * 401 ends the session (remembering the page), 403 keeps it and goes home.
 */
export function createAuthProvider({ http, session, guardOf, currentPath }: Options) {
  let load: Promise<LoadData> | null = null;
  const loadData = () => {
    load ??= http<{ data: LoadData }>({ path: '/api/load' })
      .then(({ json }) => json.data)
      .catch((error) => {
        load = null;
        throw error;
      });
    return load;
  };
  const permissions = async () => (session.token() ? permissionNames(await loadData()) : []);

  const provider: AuthProvider & {
    loadData: () => Promise<LoadData>;
    accessMap: () => Promise<Record<string, string>>;
  } = {
    loadData,
    /** The tenant permissions as the access map (`areaAction` → `area.action|admin`). */
    accessMap: async () => (session.token() ? accessMap((await loadData()).permissions ?? []) : {}),
    async login({ email, password }: { email: string; password: string }) {
      try {
        const { json } = await http<{ data: { token: string; user?: { must_change_password?: boolean } } }>({ method: 'POST', path: '/api/auth', body: { email, password } });
        session.setToken(json.data.token);
        session.setMustChangePassword(json.data.user?.must_change_password === true);
        load = null;
      } catch (error) {
        throw new Error(loginMessage(error));
      }
    },
    async logout() {
      if (session.token()) {
        await http({ method: 'POST', path: '/api/logout' }).catch(() => undefined);
        // After 'Sair' the screens still mounted fail their auth check and ask the login page to
        // return to them (even across a reload); the next person to log in starts at home instead.
        session.setReturnTo('/');
      }
      session.setToken(null);
      session.setMustChangePassword(false);
      load = null;
      return '/login';
    },
    async checkAuth() {
      if (!session.token()) throw { redirectTo: '/login', message: false };
    },
    async checkError(error: { status?: number; message?: string }) {
      if (error?.status === 401) {
        if (session.token()) session.setReturnTo(currentPath());
        session.setToken(null);
        load = null;
        throw { redirectTo: '/login', message: false };
      }
      if (error?.status === 403 && mustChangePasswordRefusal(error)) {
        session.setMustChangePassword(true);
        throw { logoutUser: false, redirectTo: PASSWORD_CHANGE_PATH, message: false };
      }
      if (error?.status === 403) throw { logoutUser: false, redirectTo: '/', message: false };
    },
    async getIdentity() {
      const { json } = await http<{ data: { id: number; name?: string; email?: string; avatar?: string; image_profile?: string | null; must_change_password?: boolean } }>({ path: '/api/auth/me' });
      const user = json.data;
      if (typeof user.must_change_password === 'boolean') session.setMustChangePassword(user.must_change_password);
      return { id: user.id, fullName: user.name ?? user.email, avatar: user.image_profile || user.avatar };
    },
    getPermissions: permissions,
    async canAccess({ resource, action }) {
      const guard = resource ? guardOf(resource) : undefined;
      if (!guard) return true;
      return allows(await permissions(), guard, action);
    },
  };
  return provider;
}

/**
 * The login failure a person sees: the server's words for 422/423/500 (the e-mail's message, else the
 * general one) and for 429 (too many attempts), a generic sentence otherwise.
 */
export function loginMessage(error: unknown): string {
  if (error instanceof HttpError && error.status === 429) {
    const body = error.body as { message?: string } | undefined;
    return body?.message || error.message || UNEXPECTED_LOGIN_ERROR;
  }
  if (error instanceof HttpError && [422, 423, 500].includes(error.status)) {
    const body = error.body as { errors?: { email?: string | string[] }; message?: string } | undefined;
    const email = body?.errors?.email;
    const first = Array.isArray(email) ? email[0] : email;
    return first || body?.message || UNEXPECTED_LOGIN_ERROR;
  }
  return UNEXPECTED_LOGIN_ERROR;
}
