import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTECTED, recordAudit } from '../../src/server/core/audit/index.js';
import { MAX_BODY_DEPTH, TOO_DEEP, TOO_MANY_ITEMS } from '../../src/server/core/http/json-body.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { writableEntities } from './support/bodies.js';
import { call, startTestServer, type TestServer } from './support/server.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`HTTP conventions [${kind}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    it('answers 400 to malformed JSON and 404 to unknown routes and records', async () => {
      const entity = writableEntities(server.model)[0];
      const malformed = await server.app.inject({
        method: 'POST', url: `/api/${entity.module}`, payload: '{"nome": ',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'O corpo da requisição não é um JSON válido.' });
      const api = call(server, server.adminToken);
      expect(await api('GET', `/api/${entity.module}/987654321`)).toEqual({ status: 404, body: { message: 'Registro não encontrado.' } });
      expect((await api('GET', `/api/${entity.module}/abc`)).status).toBe(404);
      expect((await api('PUT', `/api/${entity.module}/987654321`, {})).status).toBe(404);
      expect((await api('DELETE', `/api/${entity.module}/987654321`)).status).toBe(404);
      expect((await api('GET', '/api/nao_existe')).status).toBe(404);
      expect((await api('GET', `/api/rules/${entity.module}/outro`)).status).toBe(404);
      const notObject = await api('POST', `/api/${entity.module}`, [1, 2]);
      expect(notObject.status).toBe(422);
    });

    it('answers 422 on the field to a JSON body nested 10,000 levels or holding a list of 100,000 items, on every route alike', async () => {
      const entity = writableEntities(server.model)[0];
      const send = async (method: 'POST' | 'PUT', url: string, payload: string) => {
        const response = await server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' } });
        return { status: response.statusCode, body: response.json() };
      };
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const ids = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i + 1));
      const refused = (field: string, message: string) => ({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { [field]: [message] } } });
      for (const [method, url] of [['POST', `/api/${entity.module}`], ['PUT', '/api/perfil'], ['POST', '/api/acoes_fiscalizacao/conclude']] as const) {
        expect(await send(method, url, `{"name":"x","campo":${deep}}`), url).toEqual(refused('campo', TOO_DEEP));
        expect(await send(method, url, `{"state":${objects}}`), url).toEqual(refused('state', TOO_DEEP));
        expect(await send(method, url, `{"ids":${ids}}`), url).toEqual(refused('ids', TOO_MANY_ITEMS));
        expect(await send(method, url, deep), url).toEqual(refused('_', TOO_DEEP));
      }
      // A body as deep as a form's is read as before.
      const nested = `${'{"a":'.repeat(MAX_BODY_DEPTH - 1)}1${'}'.repeat(MAX_BODY_DEPTH - 1)}`;
      expect((await send('POST', `/api/${entity.module}`, `{"campo":${nested}}`)).body.errors?.campo).toBeUndefined();
    });

    it('allows the development client on port 8080 through CORS', async () => {
      const response = await server.app.inject({
        method: 'OPTIONS', url: '/api/auth',
        headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,tenant,content-type' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
      const other = await server.app.inject({ method: 'OPTIONS', url: '/api/auth', headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('serves the OpenAPI document and its viewer without a token', async () => {
      const doc = await server.app.inject({ url: '/api/openapi.json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.json().openapi).toMatch(/^3\.1/);
      expect(Object.keys(doc.json().paths['/api/perfil'])).toEqual(['get', 'put']);
      expect(Object.keys(doc.json().paths['/api/parametros'])).toEqual(['get', 'put']);
      const viewer = await server.app.inject({ url: '/api/docs/' });
      expect(viewer.statusCode).toBe(200);
    });

    it('stores audit rows with secrets masked', async () => {
      await recordAudit(
        server.db,
        { event: 'created', userId: null, module: 'usuarios', recordId: 42, newValues: { name: 'Ana', password: 'segredo', api_token: 'abc', pin: '1234', items: [{ pin: '9' }] } },
        ['pin'],
      );
      const row = await server.db.selectFrom('audits').selectAll().where('module', '=', 'usuarios').where('record_id', '=', 42).executeTakeFirstOrThrow();
      expect(row.new_values).toEqual({ name: 'Ana', password: PROTECTED, api_token: PROTECTED, pin: PROTECTED, items: [{ pin: PROTECTED }] });
    });
  });
}
