import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAreas } from '../../src/server/core/http/openapi-areas.js';
import { ROOT, startTestServer, type TestServer } from './support/server.js';

type HTTPMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every route Fastify registered, as `METHOD /path/:param` (HEAD and OPTIONS left out), read from its route tree. */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const found = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!found) continue;
    const depth = found[1].length / 4;
    stack.length = depth;
    stack.push(found[2]);
    for (const method of (found[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

const generatedPaths = (): Record<string, Record<string, unknown>> => JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8')).paths;
/** A path with its parameters unnamed: `/api/x/{}`, whatever the route names them. */
const shape = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');

/**
 * Routes under `/api/` that declare no contract, each with why: the routes every module has, which
 * the generator describes from the schemas (generated/openapi.json, where the module offers them),
 * and the documents' own routes.
 */
const WITHOUT_CONTRACT: [RegExp, string][] = [
  [/^\w+ \/api\/(openapi\.json|openapi\/:area|docs(\/.*)?)$/, 'the OpenAPI document and its interactive documentation'],
  [/^GET \/api\/rules\/\w+\/:mode$/, "a module's form rules (resources/routes.ts), described as /api/rules/{module}/create and /edit"],
  [/^DELETE \/api\/\w+\/multiple_delete\/:ids$/, 'the generic removal of many records (resources/routes.ts), described where the module deletes'],
  [/^(GET \/api\/\w+\/:id\/versions|POST \/api\/\w+\/:id\/versions\/:version\/restore)$/, "a module's record history (record-history/routes.ts), described where the module keeps versions"],
  [/^\w+ \/api\/rest\/\w+(\/:id)?$/, "the REST dialect of a module's generic routes (rest-dialect/routes.ts, docs/CONTRACT.md): the same operations as /api/{module}, described there"],
];

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
    // Sign-in, profile, parameters and health, of no module, are in Geral.
    const general = (await server.app.inject({ url: '/api/openapi/geral' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/auth', '/api/auth/me', '/api/logout', '/api/load', '/api/password/reset', '/api/perfil', '/api/parametros', '/api/health']) expect(general.paths, path).toHaveProperty([path]);
  });

  it('holds a contract, with a summary and its answers, for every route under /api/ but the generic ones', () => {
    const generated = new Set(Object.keys(generatedPaths()).map(shape));
    const described = (route: string) => {
      const [method, url] = route.split(' ');
      if (!url.startsWith('/api/')) return true;
      const path = url.replace(/:(\w+)/g, '{$1}');
      const contract = server.app.routeContracts.get(path)?.get(method.toLowerCase());
      if (contract?.summary && contract.response) return true;
      return WITHOUT_CONTRACT.some(([pattern]) => pattern.test(route)) || generated.has(shape(path));
    };
    // Routes sharing a parameter's place under other names show it as `:cpf|:number`: either is the route's.
    const named = (route: string): string[] => {
      const shared = /:\w+(\|:\w+)+/.exec(route);
      return shared ? shared[0].split('|').flatMap((name) => named(route.replace(shared[0], name))) : [route];
    };
    const missing = registeredRoutes(server.app.printRoutes({ commonPrefix: false })).filter((route) => !named(route).some(described));
    expect(missing).toEqual([]);
  });

  it("lists the workflow runs' routes, the system actions' links and look-ups, each with the Tenant header before its own parameters", async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, any>> };
    const routes = Object.entries(document.paths).flatMap(([path, verbs]) => Object.keys(verbs).map((verb) => `${verb.toUpperCase()} ${path}`));
    expect(routes).toEqual(expect.arrayContaining([
      'GET /api/tipo_fluxo_trabalho/acoes_sistema', 'GET /api/fluxo_trabalho/initial_steps', 'PUT /api/fluxo_trabalho/init/{typeId}/{stepTypeId}',
      'GET /api/fluxo_trabalho/{id}/actual', 'GET /api/fluxo_trabalho/{id}/next_steps', 'GET /api/fluxo_trabalho/{id}/history',
      'PUT /api/fluxo_trabalho/{id}/init_step/{stepTypeId}', 'PUT /api/fluxo_trabalho/{id}/init_task/{taskTypeId}', 'PUT /api/fluxo_trabalho/{id}/finish_task/{taskTypeId}',
      'PUT /api/fluxo_trabalho/{id}/finish', 'PUT /api/fluxo_trabalho/{id}/status/{status}',
      'POST /api/system_actions_link', 'POST /api/system_actions_link_batch', 'POST /api/system_actions_affected_entity', 'POST /api/system_actions_triggered_entity',
    ]));
    const finish = document.paths['/api/fluxo_trabalho/{id}/finish_task/{taskTypeId}'].put.parameters as { $ref?: string; name?: string }[];
    expect(finish.map((parameter) => parameter.$ref ?? parameter.name)).toEqual(['#/components/parameters/Tenant', 'id', 'taskTypeId']);
  });

  it('gives every operation of a contract the Tenant header first, its own parameters after it', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, any>> };
    const byCnpj = document.paths['/api/pessoa_juridica/cnpj/{cnpj}'].get.parameters;
    expect(byCnpj).toEqual([{ $ref: '#/components/parameters/Tenant' }, expect.objectContaining({ name: 'cnpj', in: 'path', required: true })]);
    for (const [path, verbs] of server.app.routeContracts) {
      for (const verb of verbs.keys()) expect(document.paths[path][verb].parameters[0], `${verb} ${path}`).toEqual({ $ref: '#/components/parameters/Tenant' });
    }
    // A public route says so: no session.
    expect(document.paths['/api/verificar/{code}'].get.security).toEqual([]);
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
