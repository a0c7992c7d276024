import { afterAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/web/http/client';
import { memorySession } from '../../src/web/http/session';
import { createConnectionStatus } from '../../src/web/http/status';
import { createAuthProvider, MUST_CHANGE_PASSWORD_MESSAGE } from '../../src/web/providers/authProvider';
import { detachedDatabasesOf, initialAdminsOf, systemTokenOf } from '../../src/web/screens/platform/answers';
import { driverChoices, SPACE_NAME_PATTERN, tenantBody } from '../../src/web/screens/clientes/fields';
import { byStatusOrder, formatResponseTime, statusChip } from '../../src/web/screens/monitores/status';
import { startServer, type Seen } from './server';

let reply: (request: Seen) => { status: number; body?: unknown } = () => ({ status: 404 });
const server = await startServer((request) => reply(request));
afterAll(() => server.close());

function setup() {
  const session = memorySession();
  const http = createHttpClient({ baseUrl: server.baseUrl, session, status: createConnectionStatus() });
  const auth = createAuthProvider({ http, session, guardOf: () => undefined, currentPath: () => '/' });
  return { session, auth, http };
}

describe('a one-time password at login', () => {
  it('marks the session when the login answers must_change_password, and sends the chosen space', async () => {
    const { session, auth } = setup();
    session.setTenant('conselho_sul');
    reply = () => ({ status: 200, body: { data: { token: 'tok-1', user: { id: 1, must_change_password: true } } } });
    await auth.login({ email: 'adm@sul.org', password: 'provisoria' });
    expect(server.seen.at(-1)!.headers.tenant).toBe('conselho_sul');
    expect(session.mustChangePassword()).toBe(true);
  });

  it("a 403 'Altere sua senha para continuar.' leads to the profile; other 403s go home", async () => {
    const { session, auth, http } = setup();
    session.setToken('tok-1');
    reply = () => ({ status: 403, body: { message: MUST_CHANGE_PASSWORD_MESSAGE } });
    const refused = await http({ path: '/api/estados_civis' }).catch((error) => error);
    await expect(auth.checkError(refused)).rejects.toMatchObject({ redirectTo: '/perfil', logoutUser: false });
    expect(session.mustChangePassword()).toBe(true);
    reply = () => ({ status: 403, body: { message: 'Você não tem permissão.' } });
    const other = await http({ path: '/api/estados_civis' }).catch((error) => error);
    await expect(auth.checkError(other)).rejects.toMatchObject({ redirectTo: '/' });
  });

  it('an ordinary login and logging out clear the mark', async () => {
    const { session, auth } = setup();
    session.setMustChangePassword(true);
    reply = () => ({ status: 200, body: { data: { token: 'tok-2', user: { id: 2 } } } });
    await auth.login({ email: 'a@b.c', password: 'x' });
    expect(session.mustChangePassword()).toBe(false);
    session.setMustChangePassword(true);
    await auth.logout({});
    expect(session.mustChangePassword()).toBe(false);
  });
});

describe("the platform's write answers", () => {
  it('finds the first administrator of each new space wherever the answer carries it', () => {
    const admin = { email: 'adm@sul.org', password: 'Xy7-k2' };
    expect(initialAdminsOf({ initial_admin: admin })).toEqual([admin]);
    expect(initialAdminsOf({ data: { id: 1, initial_admin: admin } })).toEqual([admin]);
    expect(initialAdminsOf({ data: { tenant_configs: [{ tenant_name: 'sul', initial_admin: admin }, { tenant_name: 'norte' }] } })).toEqual([{ ...admin, space: 'sul' }]);
    expect(initialAdminsOf({ data: { id: 1, tenant_configs: [{ tenant_name: 'sul' }] } })).toEqual([]);
  });

  it('reads where the detached databases are kept and the system token shown once', () => {
    expect(detachedDatabasesOf({ detached_databases: [{ tenant_name: 'sul', location: '/dados/spaces/sul' }] })).toEqual(['Espaço sul: /dados/spaces/sul']);
    expect(detachedDatabasesOf({ data: { detached_databases: ['banco sul em 10.0.0.5'] } })).toEqual(['banco sul em 10.0.0.5']);
    expect(detachedDatabasesOf({})).toEqual([]);
    expect(systemTokenOf({ data: { id: 3, system_token: 'abc123' } })).toBe('abc123');
    expect(systemTokenOf({ data: { id: 3, system_token: '[PROTEGIDO]' } })).toBeNull();
  });
});

describe('the tenant form', () => {
  it('sends a space password only when typed, so a blank one on edit keeps the stored one', () => {
    const body = tenantBody({
      id: 4,
      updated_at: '2026-11-24T10:00:00.123Z',
      name: 'Conselho Sul',
      tenant_configs: [
        { id: 9, tenant_name: 'sul', db_password: '' },
        { id: 10, tenant_name: 'sul2', db_password: '[PROTEGIDO]' },
        { tenant_name: 'norte', db_password: 'segredo' },
      ],
    });
    expect(body).toEqual({
      // The version the form opened goes with the save: a save over a newer one is refused.
      updated_at: '2026-11-24T10:00:00.123Z',
      name: 'Conselho Sul',
      tenant_configs: [{ id: 9, tenant_name: 'sul' }, { id: 10, tenant_name: 'sul2' }, { tenant_name: 'norte', db_password: 'segredo' }],
    });
  });

  it('offers the drivers of the combo, as a map or a list', () => {
    expect(driverChoices({ data: { pglite: 'PGlite', pgsql: 'PostgreSQL' } })).toEqual([{ id: 'pglite', name: 'PGlite' }, { id: 'pgsql', name: 'PostgreSQL' }]);
    expect(driverChoices({ data: [{ value: 'pglite', label: 'PGlite' }] })).toEqual([{ id: 'pglite', name: 'PGlite' }]);
  });

  it("accepts the spec's space names only", () => {
    const valid = new RegExp(SPACE_NAME_PATTERN);
    expect(['sul', 'conselho_sul', 'a.b-c', 'x1'].every((n) => valid.test(n))).toBe(true);
    expect(['_sul', 'sul-', 'con selho', ''].some((n) => valid.test(n))).toBe(false);
  });
});

describe('the monitors grid', () => {
  it("orders by the spec's status order and names each status in pt-BR", () => {
    const rows = byStatusOrder([
      { id: 1, uptime_status: 'up', service_name: 'a' },
      { id: 2, uptime_status: 'down', service_name: 'b' },
      { id: 3, uptime_status: 'not yet checked', service_name: 'c' },
      { id: 4, uptime_status: 'warning', service_name: 'd' },
      { id: 5, uptime_status: 'deleted', service_name: 'e' },
    ]);
    expect(rows.map((r) => r.id)).toEqual([5, 3, 2, 4, 1]);
    expect(rows.map((r) => statusChip(r.uptime_status).label)).toEqual(['Excluído', 'Não verificado', 'Fora do ar', 'Lento', 'No ar']);
    expect(formatResponseTime(1234)).toBe('1.234 ms');
  });
});
