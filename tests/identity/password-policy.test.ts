import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblems } from '../../src/server/features/auth/password-policy.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { pngDataUrl } from './support/images.js';

const lowerTo = (value: string | null, useDefault = false) => ({ back: [{ name: 'password_min_length', value, useDefault }] });

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`password policy and the parameters store [${kind}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    }, 60_000);
    afterAll(() => server?.close());

    const admin = () => call(server, server.adminToken);

    it('lists the parameters, with password_min_length defaulting to 8', async () => {
      const { status, body } = await admin()('GET', '/api/parametros');
      expect(status).toBe(200);
      expect(body.data.front).toEqual(expect.any(Array));
      expect(body.data.back).toContainEqual(expect.objectContaining({
        name: 'password_min_length', label: 'Tamanho mínimo da senha', type: 'integer', value: null, defaultValue: '8', useDefault: true,
      }));
    });

    it('refuses 7 characters by default and the most common passwords whatever their case', async () => {
      expect(await passwordProblems(server.db, 'Xq7-Lm9')).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
      expect(await passwordProblems(server.db, 'Cupuacu-Verde-8')).toEqual([]);
      for (const common of ['senha123', 'SENHA123', '123456', 'password1']) {
        expect((await passwordProblems(server.db, common)).join()).toMatch(/muito comum/);
      }
      expect(await passwordProblems(server.db, 'x'.repeat(256))).toEqual(['A senha deve ter no máximo 255 caracteres.']);
    });

    it('lets parameter.update lower the minimum to the specification\'s 3, never below', async () => {
      const below = await admin()('PUT', '/api/parametros', lowerTo('2'));
      expect(below.status).toBe(422);
      expect(below.body.errors['back.0.value']).toEqual(['O valor mínimo é 3.']);
      expect((await admin()('PUT', '/api/parametros', lowerTo('abc'))).body.errors['back.0.value']).toEqual(['O valor deve ser um número inteiro.']);
      expect((await admin()('PUT', '/api/parametros', { back: [{ name: 'inventado', value: '1' }] })).status).toBe(422);

      const lowered = await admin()('PUT', '/api/parametros', lowerTo('3'));
      expect(lowered.status).toBe(200);
      expect(lowered.body.data.back.find((p: { name: string }) => p.name === 'password_min_length')).toMatchObject({ value: '3', useDefault: false });
      expect(await passwordProblems(server.db, 'q7z')).toEqual([]);
      expect(await passwordProblems(server.db, 'q7')).toEqual(['A senha deve ter pelo menos 3 caracteres.']);
      const audit = await server.db.selectFrom('audits').selectAll().where('module', '=', 'parametros').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ event: 'updated', new_values: { name: 'password_min_length', value: '3', use_default: false } });

      expect((await admin()('PUT', '/api/parametros', lowerTo(null, true))).status).toBe(200);
      expect(await passwordProblems(server.db, 'q7z')).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
    });

    it('guards the passwords and images an administrator gives on the users screen', async () => {
      const body = (password: string, extra: object = {}) => ({ name: 'Elisa', email: `elisa.${Date.now()}@example.com`, password, active: true, permissions: [], ...extra });
      const short = await admin()('POST', '/api/usuarios', body('Xq7-Lm9'));
      expect(short).toMatchObject({ status: 422, body: { errors: { password: ['A senha deve ter pelo menos 8 caracteres.'] } } });
      expect((await admin()('POST', '/api/usuarios', body('senha123'))).body.errors.password.join()).toMatch(/muito comum/);
      const image = await admin()('POST', '/api/usuarios', body('Graviola-Roxa-9', { image_profile: pngDataUrl(200, 200) }));
      expect(image.body.errors.image_profile).toEqual(['A imagem deve ter 300x300 pixels.']);
      const created = await admin()('POST', '/api/usuarios', body('Graviola-Roxa-9', { image_profile: pngDataUrl(300, 300) }));
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const edit = { name: 'Elisa', email: created.body.data.email, active: true, permissions: [] };
      expect((await admin()('PUT', `/api/usuarios/${id}`, { ...edit, password: '123456' })).status).toBe(422);
      expect((await admin()('PUT', `/api/usuarios/${id}`, edit)).status).toBe(200);
    });

    it('needs parameter.index to read and parameter.update to write', async () => {
      const none = call(server, (await userWith(server, [])).token);
      expect((await none('GET', '/api/parametros')).status).toBe(403);
      const reader = call(server, (await userWith(server, [{ name: 'parameter.index' }])).token);
      expect((await reader('GET', '/api/parametros')).status).toBe(200);
      expect((await reader('PUT', '/api/parametros', lowerTo('3'))).status).toBe(403);
      const writer = call(server, (await userWith(server, [{ name: 'parameter.update' }])).token);
      expect((await writer('PUT', '/api/parametros', lowerTo('5'))).status).toBe(200);
      expect((await writer('PUT', '/api/parametros', lowerTo(null, true))).status).toBe(200);
      expect((await call(server, null)('GET', '/api/parametros')).status).toBe(401);
    });
  });
}
