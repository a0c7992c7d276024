import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { entityActions } from '../../src/server/core/resources/permissions.js';
import { writableEntities } from './support/bodies.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startTestServer, userWith, type TestServer } from './support/server.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`authentication and permissions [${kind}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    it('logs in with the right password and refuses a wrong one on the e-mail field', async () => {
      const anonymous = call(server, null);
      const ok = await anonymous('POST', '/api/auth', { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ token_type: 'Bearer', user: { email: ADMIN_EMAIL } });
      expect(ok.body.data.user.password).toBeUndefined();
      expect(ok.body.data.user.password_hash).toBeUndefined();
      const wrong = await anonymous('POST', '/api/auth', { email: ADMIN_EMAIL, password: 'errada' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.email).toEqual(['E-mail ou senha inválidos.']);
      const unknown = await anonymous('POST', '/api/auth', { email: 'ninguem@example.com', password: 'x' });
      expect(unknown.body.errors.email).toEqual(['E-mail ou senha inválidos.']);
    });

    it('answers 423 to a blocked account', async () => {
      const blocked = await userWith(server, [{ name: 'admin' }], { active: false });
      const response = await call(server, null)('POST', '/api/auth', { email: blocked.email, password: blocked.password });
      expect(response.status).toBe(423);
      expect(response.body.errors.email[0]).toMatch(/bloqueado/);
    });

    it('needs a token everywhere but health, login and the OpenAPI document', async () => {
      const anonymous = call(server, null);
      expect(await anonymous('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect((await anonymous('GET', '/api/openapi.json')).status).toBe(200);
      for (const url of ['/api/auth/me', '/api/load', '/api/permissions', '/api/estados_civis', '/api/uf/combos']) {
        expect(await anonymous('GET', url)).toEqual({ status: 401, body: { message: 'Não autenticado.' } });
      }
      expect((await call(server, 'token-inventado')('GET', '/api/auth/me')).status).toBe(401);
    });

    it('shows the caller, the initial load and the permission catalogue', async () => {
      const api = call(server, server.adminToken);
      expect((await api('GET', '/api/auth/me')).body.data.email).toBe(ADMIN_EMAIL);
      const load = (await api('GET', '/api/load')).body.data;
      expect(load.me.user.email).toBe(ADMIN_EMAIL);
      expect(load.permissions).toEqual(['admin']);
      expect(load.tenant).toEqual({ name: 'default', system_name: null });
      expect(load.version).toMatch(/\d+\.\d+/);
      expect((await api('GET', '/api/auth/permissions')).body.data).toEqual(['admin']);
      const catalogue = (await api('GET', '/api/permissions')).body.data as { name: string; label: string; module: string | null }[];
      const names = catalogue.map((p) => p.name);
      expect(names).toContain('admin');
      for (const entity of writableEntities(server.model)) {
        for (const action of entityActions(entity)) expect(names).toContain(`${entity.permission}.${action}`);
      }
      // Only the actions of the operations a module offers: the audit log is read-only.
      expect(names).toContain('audit.index');
      expect(names).toContain('audit.show');
      for (const action of ['store', 'update', 'destroy']) expect(names).not.toContain(`audit.${action}`);
      for (const special of ['workflow.execute', 'report.generate', 'parameter.update', 'party.store', 'controlAccount.show']) expect(names).toContain(special);
      const civil = writableEntities(server.model).find((e) => e.screens)!;
      expect(catalogue.find((p) => p.name === `${civil.permission}.index`)).toEqual({
        name: `${civil.permission}.index`, label: `${civil.label.plural} — listar`, module: civil.module, area: civil.area,
      });
    });

    it('revokes the token at logout', async () => {
      const user = await userWith(server, []);
      const api = call(server, user.token);
      expect((await api('GET', '/api/auth/me')).status).toBe(200);
      expect((await api('POST', '/api/logout')).status).toBe(200);
      expect((await api('GET', '/api/auth/me')).status).toBe(401);
    });

    it('allows each action only with its permission, and never with an expired or denied grant', async () => {
      const entity = writableEntities(server.model).find((e) => e.access !== 'any' && e.list.search.length > 0 && !e.fields.some((f) => f.kind === 'reference' && f.required))!;
      const p = (action: string) => `${entity.permission}.${action}`;
      const forbidden = { status: 403, body: { message: 'Você não tem permissão para executar esta ação.' } };
      const none = call(server, (await userWith(server, [])).token);
      expect(await none('GET', `/api/${entity.module}`)).toEqual(forbidden);
      expect(await none('GET', `/api/${entity.module}/combos`)).toEqual(forbidden);
      expect(await none('GET', `/api/rules/${entity.module}/create`)).toEqual(forbidden);
      expect(await none('POST', `/api/${entity.module}`, {})).toEqual(forbidden);
      expect(await none('DELETE', `/api/${entity.module}/1`)).toEqual(forbidden);

      const reader = call(server, (await userWith(server, [{ name: p('index') }])).token);
      expect((await reader('GET', `/api/${entity.module}`)).status).toBe(200);
      expect((await reader('GET', `/api/${entity.module}/combos`)).status).toBe(200);
      expect(await reader('POST', `/api/${entity.module}`, {})).toEqual(forbidden);
      expect(await reader('GET', `/api/rules/${entity.module}/edit`)).toEqual(forbidden);

      const writer = call(server, (await userWith(server, [{ name: p('store') }])).token);
      expect((await writer('GET', `/api/rules/${entity.module}/create`)).status).toBe(200);
      expect((await writer('POST', `/api/${entity.module}`, {})).status).toBe(422);

      const yesterday = new Date(Date.now() - 86_400_000);
      const tomorrow = new Date(Date.now() + 86_400_000);
      const expired = call(server, (await userWith(server, [{ name: p('index'), expires_at: yesterday }])).token);
      expect(await expired('GET', `/api/${entity.module}`)).toEqual(forbidden);
      const denied = call(server, (await userWith(server, [{ name: p('index'), granted: false }])).token);
      expect(await denied('GET', `/api/${entity.module}`)).toEqual(forbidden);
      const current = call(server, (await userWith(server, [{ name: p('index'), expires_at: tomorrow }])).token);
      expect((await current('GET', `/api/${entity.module}`)).status).toBe(200);
      const expiredAdmin = call(server, (await userWith(server, [{ name: 'admin', expires_at: yesterday }])).token);
      expect(await expiredAdmin('GET', `/api/${entity.module}`)).toEqual(forbidden);
    });
  });
}
