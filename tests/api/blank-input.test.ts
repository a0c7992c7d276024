/**
 * Blank and padded values on the generic writes: text is trimmed before it is checked and stored,
 * spaces alone are no value, and a null where the column holds none is a 422 on that field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const invalid = (errors: Record<string, string[]>) => ({ status: 422, body: { message: 'Os dados informados são inválidos.', errors } });

for (const kind of DATABASE_KINDS) {
  describe(`blank and padded values [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it("refuses a required text made only of spaces with 'O campo … é obrigatório.', on insert and on edit", async () => {
      for (const blank of ['', '   ', ' \t\n ', null]) {
        expect(await api('POST', '/api/generos', { denomination: blank }), JSON.stringify(blank)).toEqual(invalid({ denomination: ['O campo Denominação é obrigatório.'] }));
      }
      const { body } = await api('POST', '/api/generos', { denomination: 'Gênero em branco' });
      for (const blank of ['  ', null]) {
        expect(await api('PUT', `/api/generos/${body.data.id}`, { denomination: blank })).toEqual(invalid({ denomination: ['O campo Denominação é obrigatório.'] }));
      }
      expect((await api('GET', `/api/generos/${body.data.id}`)).body.data.denomination).toBe('Gênero em branco');
    });

    it('stores text trimmed, so a padded value meets the unique rule of its bare twin', async () => {
      const created = await api('POST', '/api/generos', { denomination: '  Gênero aparado \t' });
      expect([created.status, created.body.data.denomination]).toEqual([201, 'Gênero aparado']);
      expect(await api('POST', '/api/generos', { denomination: ' gênero aparado ' })).toEqual(invalid({ denomination: ['Já existe um registro com este valor.'] }));
      const email = await api('POST', '/api/usuarios', { name: '  Pessoa Aparada ', email: '  aparada@example.com ', password: '  senha com espaços  ', active: true });
      expect(email.status).toBe(201);
      expect([email.body.data.name, email.body.data.email]).toEqual(['Pessoa Aparada', 'aparada@example.com']);
      const login = await server.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'aparada@example.com', password: '  senha com espaços  ' } });
      expect(login.statusCode).toBe(200);
    });

    it('answers 422 on inactivated when it is null or empty, and leaves the record as it was', async () => {
      for (const blank of [null, '']) {
        expect(await api('POST', '/api/generos', { denomination: `Inativo ${String(blank)}`, inactivated: blank })).toEqual(invalid({ inactivated: ['O campo Inativo é obrigatório.'] }));
      }
      const { body } = await api('POST', '/api/generos', { denomination: 'Gênero ativo' });
      expect(body.data.inactivated).toBe(false);
      expect(await api('PUT', `/api/generos/${body.data.id}`, { denomination: 'Gênero mudado', inactivated: null })).toEqual(invalid({ inactivated: ['O campo Inativo é obrigatório.'] }));
      expect((await api('GET', `/api/generos/${body.data.id}`)).body.data).toMatchObject({ denomination: 'Gênero ativo', inactivated: false });
      expect((await api('GET', '/api/generos?filter=' + encodeURIComponent(JSON.stringify({ denomination: 'Inativo null' })))).body.data).toEqual([]);
    });

    it('answers null on a required field with a default as 422 on it, never the default in its place', async () => {
      const sent = { name: 'Pessoa Nula', email: 'nula@example.com', password: 'senha-da-pessoa-nula', active: null };
      expect(await api('POST', '/api/usuarios', sent)).toEqual(invalid({ active: ['O campo Ativo é obrigatório.'] }));
      expect((await api('POST', '/api/usuarios', { ...sent, active: undefined })).status).toBe(201);
    });
  });
}
