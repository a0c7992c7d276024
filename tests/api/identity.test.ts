import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../identity/support/images.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { call, login, startTestServer, type TestServer } from './support/server.js';

const PASSWORD = 'Identidade-Forte-2026!';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`users, roles and the audit log [${kind}]`, () => {
    let server: TestServer;
    let admin: ReturnType<typeof call>;
    let n = 0;
    const newUser = async (extra: Record<string, unknown> = {}) => {
      n += 1;
      const email = `identidade${n}@example.com`;
      const created = await admin('POST', '/api/usuarios', { name: `Pessoa ${n}`, email, password: PASSWORD, active: true, permissions: [], roles: [], ...extra });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return { id: created.body.data.id as number, email, token: await login(server.app, email, PASSWORD) };
    };
    /** A PUT as the form sends it: the record's form fields with the changes over them. */
    const edit = async (module: string, id: number, changes: Record<string, unknown>) => {
      const current = (await admin('GET', `/api/${module}/${id}`)).body.data;
      const fields = Object.keys(server.model.byModule.get(module)!.rules.edit.properties as object);
      const body = Object.fromEntries(fields.filter((f) => f in current).map((f) => [f, current[f]]));
      const response = await admin('PUT', `/api/${module}/${id}`, { ...body, ...changes });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    const audits = (module: string, id: number) =>
      server.db.selectFrom('audits').selectAll().where('module', '=', module).where('record_id', '=', id).orderBy('id').execute();

    beforeAll(async () => {
      server = await startTestServer(kind);
      admin = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it('never returns a password hash, and the audit row masks the password and keeps no image', async () => {
      const image = pngDataUrl(300, 300);
      const user = await newUser({ image_profile: image });
      const shown = await admin('GET', `/api/usuarios/${user.id}`);
      const listed = await admin('GET', '/api/usuarios?per_page=500');
      expect(shown.body.data.password).toBeUndefined();
      expect(shown.body.data.image_profile).toBe(image);
      expect(JSON.stringify(listed.body)).not.toContain('$argon2id');
      const stored = await server.db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.password).toMatch(/^\$argon2id\$/);
      const [created] = await audits('usuarios', user.id);
      expect(created.new_values).toMatchObject({ password: '[PROTEGIDO]', image_profile: '[IMAGEM]' });
      expect(JSON.stringify(created)).not.toContain(PASSWORD);
    });

    it('grants what the user holds directly and through roles, read again on every call', async () => {
      const role = await admin('POST', '/api/papeis', { name: 'Leitores de gênero', permissions: [{ name: 'genre.index', granted: true, expires_at: null }] });
      expect(role.status, JSON.stringify(role.body)).toBe(201);
      expect((await admin('POST', '/api/papeis', { name: 'Sem permissões', permissions: [] })).status).toBe(422);
      const unknown = await admin('POST', '/api/papeis', { name: 'Inventado', permissions: [{ name: 'inventada.index', granted: true }] });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors['permissions.0.name']).toEqual(['Permissão inexistente.']);
      const user = await newUser({ permissions: [{ name: 'civilStatus.index', granted: true, expires_at: null }] });
      const api = call(server, user.token);
      expect((await api('GET', '/api/estados_civis')).status).toBe(200);
      expect((await api('GET', '/api/generos')).status).toBe(403);
      const roleId = role.body.data.id;
      await edit('usuarios', user.id, { roles: [roleId] });
      expect((await api('GET', '/api/generos')).status).toBe(200);
      const load = (await api('GET', '/api/load')).body.data;
      expect(load.permissions).toEqual(['civilStatus.index', 'genre.index']);
      expect(load.me.permissions).toEqual([{ name: 'civilStatus.index', granted: true, expires_at: null }]);
      expect(load.me.roles).toEqual([{ id: roleId, name: 'Leitores de gênero', permissions: [{ name: 'genre.index', granted: true, expires_at: null }] }]);
      expect(load.me.user.password).toBeUndefined();
      expect(Array.isArray(load.parameters)).toBe(true);

      // The role's grant expires yesterday: the next call of the same token no longer holds it.
      const grants = (await admin('GET', `/api/papeis/${roleId}`)).body.data.permissions;
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await edit('papeis', roleId, { permissions: [{ ...grants[0], expires_at: yesterday }] });
      expect((await api('GET', '/api/generos')).status).toBe(403);

      const events = (await audits('usuarios', user.id)).map((row) => [row.event, row.new_values, row.old_values]);
      expect(events).toContainEqual(['added_permission', expect.objectContaining({ name: 'civilStatus.index', granted: true }), null]);
      expect(events).toContainEqual(['added_role', { id: roleId, name: 'Leitores de gênero' }, null]);
      await edit('usuarios', user.id, { roles: [], permissions: [] });
      const after = (await audits('usuarios', user.id)).map((row) => [row.event, row.old_values]);
      expect(after).toContainEqual(['removed_role', { id: roleId, name: 'Leitores de gênero' }]);
      expect(after).toContainEqual(['removed_permission', expect.objectContaining({ name: 'civilStatus.index' })]);
    });

    it('ends every session of a user who is deactivated or given a new password, and at logout', async () => {
      const first = await newUser();
      const second = await login(server.app, first.email, PASSWORD);
      await edit('usuarios', first.id, { password: 'Outra-Senha-Forte-9' });
      for (const token of [first.token, second]) expect((await call(server, token)('GET', '/api/auth/me')).status).toBe(401);

      const other = await newUser();
      await edit('usuarios', other.id, { active: false });
      expect((await call(server, other.token)('GET', '/api/auth/me')).status).toBe(401);

      const third = await newUser();
      const api = call(server, third.token);
      expect((await api('POST', '/api/logout')).status).toBe(200);
      expect((await api('GET', '/api/auth/me')).status).toBe(401);
    });

    it("refuses to delete the signed-in person's own account, alone or among others, and deletes nothing", async () => {
      const other = await newUser();
      const me = (await admin('GET', '/api/perfil')).body.data.id as number;
      const refused = { status: 409, body: { message: 'Não é possível excluir o próprio usuário.' } };
      expect(await admin('DELETE', `/api/usuarios/${me}`)).toEqual(refused);
      expect(await admin('DELETE', `/api/usuarios/multiple_delete/${other.id},${me}`)).toEqual(refused);
      expect((await admin('GET', `/api/usuarios/${other.id}`)).status).toBe(200);
      expect((await admin('DELETE', `/api/usuarios/${other.id}`)).status).toBe(200);
    });

    it('lets no route change or delete an audit row', async () => {
      const row = await server.db.selectFrom('audits').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      const count = async () => Number((await server.db.selectFrom('audits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const refused = { status: 405, body: { message: 'Operação não permitida neste cadastro.' } };
      expect(await admin('PUT', `/api/auditoria/${row.id}`, { module: 'outro' })).toEqual(refused);
      expect(await admin('DELETE', `/api/auditoria/${row.id}`)).toEqual(refused);
      expect(await admin('DELETE', `/api/auditoria/multiple_delete/${row.id}`)).toEqual(refused);
      expect(await admin('POST', '/api/auditoria', { event: 'created', module: 'x', record_id: 1 })).toEqual(refused);
      expect(await admin('GET', '/api/rules/auditoria/create')).toEqual(refused);
      expect(await count()).toBe(before);
      expect(await server.db.selectFrom('audits').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual(row);
      expect((await admin('GET', `/api/auditoria/${row.id}`)).status).toBe(200);
      const filtered = await admin('GET', `/api/auditoria?filter=${encodeURIComponent(JSON.stringify({ module: row.module, record_id: row.record_id }))}`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.data.map((r: { id: number }) => r.id)).toContain(Number(row.id));
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const range = (filter: object) => admin('GET', `/api/auditoria?per_page=500&filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect((await range({ created_at_gte: day(-1), created_at_lte: day(1), event: 'added_role' })).body.data.length).toBeGreaterThan(0);
      expect((await range({ created_at_gte: day(1) })).body.data).toEqual([]);
    });
  });
}
