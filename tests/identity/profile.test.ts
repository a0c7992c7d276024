import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { GIF_DATA_URL, jpegDataUrl, pngDataUrl } from './support/images.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`the caller's own profile [${kind}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    it('is open to a user without any permission, and shows no password', async () => {
      const user = await userWith(server, []);
      const { status, body } = await call(server, user.token)('GET', '/api/perfil');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ id: user.id, email: user.email, image_profile: null });
      expect(Object.keys(body.data).some((key) => key.startsWith('password'))).toBe(false);
      expect((await call(server, null)('GET', '/api/perfil')).status).toBe(401);
    });

    it('changes name, e-mail and a 300×300 image, audited as an update of the user', async () => {
      const user = await userWith(server, []);
      const me = call(server, user.token);
      const email = `novo.${user.email}`;
      const image = pngDataUrl(300, 300);
      const saved = await me('PUT', '/api/perfil', { name: 'Ana Beatriz', email: email.toUpperCase(), password: '', image_profile: image });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ name: 'Ana Beatriz', email, image_profile: image });
      expect((await me('GET', '/api/perfil')).body.data).toMatchObject({ name: 'Ana Beatriz', email });
      // A blank password kept the old one.
      expect(await login(server.app, email, user.password)).toBeTruthy();
      const audit = await server.db.selectFrom('audits').selectAll().where('module', '=', 'usuarios').where('record_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ event: 'updated', user_id: user.id, old_values: { email: user.email }, new_values: { name: 'Ana Beatriz', email } });
      expect(audit.new_values.password).toBeUndefined();
      expect(audit.new_values.image_profile).toBe('[IMAGEM]');
      expect((await me('PUT', '/api/perfil', { name: 'Ana Beatriz', email, image_profile: jpegDataUrl(300, 300, 'image/jpg') })).status).toBe(200);
    });

    it('refuses an image that is not 300×300 JPEG or PNG, a taken e-mail and blank fields', async () => {
      const user = await userWith(server, []);
      const me = call(server, user.token);
      const base = { name: 'Caio', email: user.email };
      const wrongSize = await me('PUT', '/api/perfil', { ...base, image_profile: pngDataUrl(300, 301) });
      expect(wrongSize).toMatchObject({ status: 422, body: { errors: { image_profile: ['A imagem deve ter 300x300 pixels.'] } } });
      expect((await me('PUT', '/api/perfil', { ...base, image_profile: jpegDataUrl(640, 480) })).body.errors.image_profile).toEqual(['A imagem deve ter 300x300 pixels.']);
      const gif = await me('PUT', '/api/perfil', { ...base, image_profile: GIF_DATA_URL });
      expect(gif.body.errors.image_profile).toEqual(['A imagem deve ser JPEG ou PNG.']);
      const taken = await me('PUT', '/api/perfil', { name: 'Caio', email: 'ADMIN@example.com' });
      expect(taken).toMatchObject({ status: 422, body: { errors: { email: ['Este e-mail já está em uso.'] } } });
      const blank = await me('PUT', '/api/perfil', { name: ' ', email: 'sem-arroba' });
      expect(blank.body.errors).toEqual({ name: ['O campo Nome é obrigatório.'], email: ['Informe um e-mail válido.'] });
      expect((await me('GET', '/api/perfil')).body.data).toMatchObject({ email: user.email, image_profile: null });
    });

    it('applies the password policy, and a new password ends every other session but this one', async () => {
      const user = await userWith(server, []);
      const here = call(server, user.token);
      const elsewhere = call(server, await login(server.app, user.email, user.password));
      const base = { name: 'Dora', email: user.email };
      expect((await here('PUT', '/api/perfil', { ...base, password: 'Xq7-Lm9' })).body.errors.password).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
      expect((await here('PUT', '/api/perfil', { ...base, password: '123456' })).body.errors.password.join()).toMatch(/muito comum/);
      expect((await elsewhere('GET', '/api/auth/me')).status).toBe(200);

      expect((await here('PUT', '/api/perfil', { ...base, password: 'Pitanga-Doce-31', password_confirmation: 'Pitanga-Doce-31' })).status).toBe(200);
      expect((await elsewhere('GET', '/api/auth/me')).status).toBe(401);
      expect((await here('GET', '/api/auth/me')).status).toBe(200);
      expect(await login(server.app, user.email, 'Pitanga-Doce-31')).toBeTruthy();
      const audit = await server.db.selectFrom('audits').selectAll().where('module', '=', 'usuarios').where('record_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit.new_values.password).toBe('[PROTEGIDO]');
    });
  });
}
