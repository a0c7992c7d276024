import { afterAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/web/http/client';
import { memorySession } from '../../src/web/http/session';
import { createConnectionStatus } from '../../src/web/http/status';
import { createAuthProvider, UNEXPECTED_LOGIN_ERROR } from '../../src/web/providers/authProvider';
import { startServer, type Seen } from './server';

let reply: (request: Seen) => { status: number; body?: unknown } = () => ({ status: 404 });
const server = await startServer((request) => reply(request));
afterAll(() => server.close());

function setup() {
  const session = memorySession();
  const http = createHttpClient({ baseUrl: server.baseUrl, session, status: createConnectionStatus() });
  const guards: Record<string, { permission: string; insertPermission: 'store' | 'admin' }> = {
    estados_civis: { permission: 'civilStatus', insertPermission: 'store' },
    bancos: { permission: 'bank', insertPermission: 'admin' },
  };
  const auth = createAuthProvider({ http, session, guardOf: (name) => guards[name], currentPath: () => '/estados_civis/4' });
  return { session, auth };
}

describe('the auth provider', () => {
  it('logs in with POST /api/auth and keeps the token', async () => {
    reply = () => ({ status: 200, body: { data: { token: 'tok-1', token_type: 'Bearer', user: { id: 1 } } } });
    const { session, auth } = setup();
    await auth.login({ email: 'admin@example.com', password: 'segredo' });
    expect(server.seen.at(-1)!.body).toEqual({ email: 'admin@example.com', password: 'segredo' });
    expect(session.token()).toBe('tok-1');
  });

  it("shows the server's e-mail message on 422 and 423, a generic sentence otherwise", async () => {
    const { auth } = setup();
    reply = () => ({ status: 422, body: { message: 'x', errors: { email: ['Essas credenciais não correspondem aos nossos registros.'] } } });
    await expect(auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Essas credenciais não correspondem aos nossos registros.');
    reply = () => ({ status: 423, body: { message: 'Conta bloqueada.' } });
    await expect(auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Conta bloqueada.');
    reply = () => ({ status: 429, body: { message: 'Muitas tentativas.' } });
    await expect(auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Muitas tentativas.');
    reply = () => ({ status: 404, body: { message: 'Não encontrado.' } });
    await expect(auth.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(UNEXPECTED_LOGIN_ERROR);
  });

  it("reads permissions from /api/load, with the roles' ones and 'any'", async () => {
    const { session, auth } = setup();
    session.setToken('tok');
    reply = () => ({
      status: 200,
      body: { data: { me: { permissions: [{ name: 'civilStatus.index' }], roles: [{ permissions: ['civilStatus.store'] }] }, tenant: null } },
    });
    const names = await auth.getPermissions!({});
    expect(names.sort()).toEqual(['any', 'civilStatus.index', 'civilStatus.store']);
    expect(await auth.canAccess!({ resource: 'estados_civis', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'estados_civis', action: 'create' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'estados_civis', action: 'delete' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'bancos', action: 'list' })).toBe(false);
  });

  it("lets 'admin' do everything, and insert where only 'admin' may", async () => {
    const { session, auth } = setup();
    session.setToken('tok');
    reply = () => ({ status: 200, body: { data: { me: { permissions: ['admin'], roles: [] } } } });
    expect(await auth.canAccess!({ resource: 'bancos', action: 'create' })).toBe(true);
  });

  it('ends the session on 401 and remembers the page; keeps it on 403', async () => {
    const { session, auth } = setup();
    session.setToken('tok');
    await expect(auth.checkError({ status: 403 })).rejects.toMatchObject({ logoutUser: false, redirectTo: '/' });
    expect(session.token()).toBe('tok');
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(session.token()).toBeNull();
    expect(session.returnTo()).toBe('/estados_civis/4');
  });

  it('logs out with POST /api/logout', async () => {
    const { session, auth } = setup();
    session.setToken('tok');
    reply = () => ({ status: 200, body: {} });
    await auth.logout({});
    expect(server.seen.at(-1)!.url.pathname).toBe('/api/logout');
    expect(server.seen.at(-1)!.headers.authorization).toBe('Bearer tok');
    expect(session.token()).toBeNull();
  });

  it("sends the next person to log in after 'Sair' home, whatever page was open", async () => {
    const { session, auth } = setup();
    session.setToken('tok');
    session.setReturnTo('/usuarios/2');
    reply = () => ({ status: 200, body: {} });
    await auth.logout({});
    expect(session.returnTo()).toBe('/');
  });
});

describe('the access data of the initial load', () => {
  it("holds the live grants of the person and their roles plus 'any', and maps the tenant permissions", async () => {
    const { session, auth } = setup();
    session.setToken('tok-load');
    reply = () => ({
      status: 200,
      body: {
        data: {
          me: {
            user: { id: 7 },
            permissions: [{ name: 'civilStatus.index', granted: true, expires_at: null }, { name: 'gender.index', granted: false, expires_at: null }],
            roles: [{ id: 1, name: 'Atendimento', permissions: [{ name: 'role.index', granted: true, expires_at: '2000-01-01' }, { name: 'user.show', granted: true, expires_at: null }] }],
          },
          permissions: ['civilStatus.index', 'user.show'],
          tenant: { name: 'default', system_name: 'Magnetar' },
        },
      },
    });
    const loadsBefore = server.seen.filter((r) => r.url.pathname === '/api/load').length;
    expect(((await auth.getPermissions?.({})) as string[]).sort()).toEqual(['any', 'civilStatus.index', 'magnetar-index', 'user.show']);
    expect(await auth.accessMap()).toEqual({ civilStatusIndex: 'civilStatus.index|admin', userShow: 'user.show|admin' });
    // One load call serves both.
    expect(server.seen.filter((r) => r.url.pathname === '/api/load').length).toBe(loadsBefore + 1);
  });
});
