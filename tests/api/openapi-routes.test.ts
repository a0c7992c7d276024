import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAreas } from '../../src/server/core/http/openapi-areas.js';
import { startTestServer, type TestServer } from './support/server.js';

type HTTPMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The OpenAPI document names only routes the server answers, the feature routes included; its parts
 * by menu area are served for the interactive documentation (their content: openapi-areas.test.ts).
 */
describe('the OpenAPI document and the routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  }, 120_000);
  afterAll(() => server?.close());

  it('lists the feature routes beside the generic ones, and each is a route of the server', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['/api/finance/calculation', '/api/series_indicador/{id}/histories/import', '/api/dashboard', '/api/monitores/status', '/api/monitores/{id}/check', '/api/clientes/available_drivers', '/api/clientes/configs', '/api/sequencias/mask_preview', '/api/sequencias/{id}/next', '/api/cep/{cep}', '/api/instituicao', '/api/pessoa_juridica/{id}/vinculos', '/api/acoes_fiscalizacao/{id}/cancel', '/api/acoes_fiscalizacao/conclude', '/api/acoes_fiscalizacao/supervisor_check', '/api/pendencias_acao_fiscalizacao/simulation', '/api/pendencias_acao_fiscalizacao/conclude', '/api/pendencias_acao_fiscalizacao/{id}/conclude', '/api/fluxo_trabalho/init/{typeId}/{stepTypeId}', '/api/fluxo_trabalho/{id}/status/{status}', '/api/system_actions_link', '/api/system_actions_affected_entity', '/api/pessoa_fisica/import', '/api/pessoa_fisica/import/template', '/api/pessoa_fisica/import/{id}/check', '/api/pessoa_fisica/import/{id}/commit']) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    const missing: string[] = [];
    for (const [path, verbs] of Object.entries(document.paths)) {
      // The server serves both forms' rules through one route with the mode as a parameter.
      const url = path.replace(/\{(\w+)\}/g, ':$1').replace(/^(\/api\/rules\/\w+)\/(create|edit)$/, '$1/:mode');
      for (const verb of Object.keys(verbs)) {
        if (!server.app.hasRoute({ method: verb.toUpperCase() as HTTPMethod, url })) missing.push(`${verb.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents a route that declares its contract from the contract itself: its body, answers and refusals', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, any>> };
    const preview = document.paths['/api/finance/calculation'].post;
    expect(preview.tags).toEqual(['configuracao_atualizacao_multas']);
    expect(preview.requestBody.content['application/json'].schema.properties).toHaveProperty('payment_date');
    expect(preview.responses['200'].content['application/json'].schema.properties.data.required).toContain('total');
    expect(preview.responses['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    const history = document.paths['/api/series_indicador/{id}/histories/import'].post;
    expect(history.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    // Its part by menu area holds it too (the module of its tag is under Financeiro).
    const finance = (await server.app.inject({ url: '/api/openapi/financeiro' })).json() as { paths: Record<string, unknown> };
    expect(finance.paths).toHaveProperty(['/api/finance/calculation']);
  });

  it('answers bad input of a route\'s contract with 422 on the field, in pt-BR, before its handler runs', async () => {
    const token = server.adminToken;
    const send = (payload: string) => server.app.inject({ method: 'POST', url: '/api/series_indicador/1/histories/import', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload });
    const wrongType = await send(JSON.stringify({ csv: { linhas: 1 } }));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ csv: ['O campo Arquivo CSV é inválido.'] });
    for (const body of ['null', '[]', '42']) {
      const notAnObject = await send(body);
      expect(notAnObject.statusCode, body).toBe(422);
      expect(notAnObject.json().errors, body).toEqual({ _: ['O corpo da requisição deve ser um objeto.'] });
    }
  });

  it('serves each part of the document by menu area to anyone, 404 for an area that does not exist', async () => {
    const part = await server.app.inject({ url: '/api/openapi/cadastro' });
    expect(part.statusCode).toBe(200);
    const document = part.json() as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty(['/api/pessoa_fisica']);
    expect(document.paths).not.toHaveProperty(['/api/bancos']);
    for (const url of ['/api/openapi/nada', '/api/openapi/CADASTRO', '/api/openapi/..%2Fopenapi.json']) {
      const unknown = await server.app.inject({ url });
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.json().message, url).toMatch(/não encontrad/i);
    }
  });

  it('offers the parts in the documentation, Geral first', async () => {
    const initializer = await server.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    for (const { area } of documentAreas(server.model)) expect(initializer.body).toContain(`/api/openapi/${area}`);
    expect(initializer.body).toMatch(/"urls\.primaryName":\s*"Geral"/);
  });
});
