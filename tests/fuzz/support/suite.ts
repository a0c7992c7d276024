/**
 * A fuzz run over every route, on both databases: bodies drawn from each module's body rules
 * (`rules.create` / `rules.edit`) and hostile values, hostile query strings, ids and headers; and,
 * to every route the server registered, one body of each hostile shape it can take (a value nested
 * 10,000 levels, 100,000 ids, days that do not exist: every-route.ts). Bad input must get a 4xx with
 * its message on a field the route has; any 5xx fails the suite.
 * A fixed seed and a bounded number of runs per route keep it repeatable and short
 * (FUZZ_RUNS raises the runs per route, FUZZ_SEED changes the seed).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../../language/index.js';
import { creator, validBody } from '../../api/support/bodies.js';
import { uploader } from '../../api/support/server.js';
import type { DatabaseKind } from '../../support/databases.js';
import { bodyOf, filterText, hostileBodyText, hostileIdText, hostileValue, queryText, restQueryText, writeBodyText } from './arbitraries.js';
import { everyRouteRequests } from './every-route.js';
import { startProduct, Tally, type Product, type Sent } from './harness.js';
import { sequencePlans } from '../../sequences/support/fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const LOGOUT = 'sessao-de-saida';

interface Plan { name: string; runs: number; request: fc.Arbitrary<Sent>; knows: (path: string) => boolean }

/**
 * The generic read and delete routes parse their ids and query strings with one code for every
 * module: each is sent MODULE_RUNS requests per module (its filters, its hooks) and ACROSS_RUNS
 * drawn across every module, so their hostile values do not grow with the number of modules.
 * Bodies are drawn per module: each module's rules and hooks are its own.
 */
const MODULE_RUNS = Math.max(1, Math.ceil(RUNS / 8));
const ACROSS_RUNS = RUNS * 10;

const fieldsOf = (names: string[]) => (path: string) => path === '_' || names.includes(path);

/** Whether an error path names a property of the body rule: `field`, `list.0`, `list.0.item`, `list.0.nested.1.item`. */
function knowsRule(rule: Record<string, any>) {
  const within = (properties: Record<string, any> | undefined, parts: string[]): boolean => {
    const [top, index, ...rest] = parts;
    const field = properties?.[top];
    if (!field) return false;
    if (index === undefined) return true;
    if (!/^\d+$/.test(index)) return false;
    return rest.length === 0 || within(field.items?.properties, rest);
  };
  return (path: string) => path === '_' || within(rule.properties, path.split('.'));
}

/** A body that can never pass validation: its first required field gets an object. */
function spoiledBody(text: string, entity: Entity): string {
  let body: unknown;
  try { body = JSON.parse(text); } catch { return text; }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return text;
  const first = (entity.rules.create.required as string[])[0];
  return JSON.stringify({ ...body, [first]: { estragado: true } });
}

/**
 * Modules whose hooks reach beyond the write's transaction (`effects` in the registry: databases made,
 * addresses resolved) are sent only bodies that cannot pass validation.
 */
const spoiled = (product: Product, entity: Entity) => product.app.resources.traitsOf(entity.module).effects.size > 0;

interface ModulePlans { reads: Plan[]; deletes: Plan[]; /** Requests of the generic read and delete routes, by route, for the plans across modules. */ spread: Map<string, fc.Arbitrary<Sent>> }

function modulePlans(entity: Entity, valid: Record<string, unknown> | null, ids: number[], token: string, spoil: boolean): ModulePlans {
  const base = `/api/${entity.module}`;
  const rest = `/api/rest/${entity.module}`;
  const columns = entity.fields.filter((f) => f.column !== null).map((f) => f.name);
  const references = entity.fields.filter((f) => f.kind === 'reference').map((f) => f.name);
  const id = ids.length ? fc.oneof(fc.constantFrom(...ids.map(String)), hostileIdText) : hostileIdText;
  const query = queryText([...columns, ...references], filterText(columns));
  const body = (mode: 'create' | 'edit') => writeBodyText(entity.rules[mode], valid).map((text) => (spoil ? spoiledBody(text, entity) : text));
  const none = () => false;
  const at = (name: string, runs: number, request: fc.Arbitrary<Omit<Sent, 'token'>>, knows: Plan['knows'] = none): Plan =>
    ({ name: `${name} ${base}`, runs, knows, request: request.map((r) => ({ ...r, token })) });
  const spread = new Map<string, fc.Arbitrary<Sent>>();
  const generic = (name: string, request: fc.Arbitrary<Omit<Sent, 'token'>>): Plan => {
    const plan = at(name, MODULE_RUNS, request);
    spread.set(name, plan.request);
    return plan;
  };
  return {
    reads: [
      generic('list', query.map((q) => ({ method: 'GET', url: `${base}?${q}` }))),
      generic('combos', query.map((q) => ({ method: 'GET', url: `${base}/combos?${q}` }))),
      generic('show', id.map((i) => ({ method: 'GET', url: `${base}/${i}` }))),
      at('rules', 3, fc.constantFrom('create', 'edit', 'outro', '%00').map((mode) => ({ method: 'GET', url: `/api/rules/${entity.module}/${mode}` }))),
      at('create', RUNS * 2, body('create').map((payload) => ({ method: 'POST', url: base, payload })), knowsRule(entity.rules.create)),
      at('update', RUNS * 2, fc.tuple(id, body('edit')).map(([i, payload]) => ({ method: 'PUT', url: `${base}/${i}`, payload })), knowsRule(entity.rules.edit)),
      // The same operations through react-admin's simple-rest dialect (bare bodies, partial PUT),
      // which reach the same validation and hooks: fewer runs.
      generic('rest list', restQueryText(columns, filterText(columns)).map((q) => ({ method: 'GET', url: `${rest}?${q}` }))),
      generic('rest show', id.map((i) => ({ method: 'GET', url: `${rest}/${i}` }))),
      at('rest create', Math.ceil(RUNS / 3), body('create').map((payload) => ({ method: 'POST', url: rest, payload })), knowsRule(entity.rules.create)),
      at('rest update', Math.ceil(RUNS / 3), fc.tuple(id, body('edit')).map(([i, payload]) => ({ method: 'PUT', url: `${rest}/${i}`, payload })), knowsRule(entity.rules.edit)),
    ],
    deletes: [
      generic('delete', id.map((i) => ({ method: 'DELETE', url: `${base}/${i}` }))),
      generic('multiple_delete', fc.array(id, { minLength: 1, maxLength: 4 }).map((list) => ({ method: 'DELETE', url: `${base}/multiple_delete/${list.join(',')}` }))),
      generic('rest delete', id.map((i) => ({ method: 'DELETE', url: `${rest}/${i}` }))),
    ],
    spread,
  };
}

/** One plan per generic route, its requests drawn across every module's (`ModulePlans.spread`). */
function acrossModules(spreads: Map<string, fc.Arbitrary<Sent>>[], names: string[]): Plan[] {
  return names.map((name) => ({
    name: `${name} (every module)`,
    runs: ACROSS_RUNS,
    knows: () => false,
    request: fc.oneof(...spreads.map((spread) => spread.get(name)!)),
  }));
}

/** Everything that is not a generic resource route: auth, recovery, profile, parameters, monitors, platform, dashboard. */
function otherPlans(product: Product, parameterNames: string[]): Plan[] {
  const token = product.token;
  const text = { type: 'string' };
  const bodyText = (properties: Record<string, unknown>) =>
    fc.oneof({ weight: 3, arbitrary: bodyOf({ properties }).map((b) => JSON.stringify(b)) }, { weight: 2, arbitrary: hostileBodyText });
  const parameterItem = fc.record({ name: fc.constantFrom(...parameterNames, 'nao_existe'), value: hostileValue, useDefault: fc.oneof(fc.boolean(), hostileValue) }, { requiredKeys: [] });
  const parameters = fc.oneof(
    fc.record({ front: fc.oneof(fc.array(parameterItem, { maxLength: 3 }), hostileValue), back: fc.oneof(fc.array(parameterItem, { maxLength: 3 }), hostileValue) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
    hostileBodyText,
  );
  const safeHeader = fc.oneof(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), fc.constantFrom('a'.repeat(5000), 'default', '../x', 'DEFAULT', ''));
  const plain = (name: string, runs: number, request: fc.Arbitrary<Sent>, knows: Plan['knows'] = () => false): Plan => ({ name, runs, request, knows });
  const gets = ['/api/health', '/api/auth/me', '/api/load', '/api/auth/permissions', '/api/permissions', '/api/perfil', '/api/parametros',
    '/api/monitores/status', '/api/clientes/available_drivers', '/api/clientes/configs', '/api/dashboard'];
  const query = queryText(['tenant', 'module'], filterText(['id']));
  return [
    plain('GET fixed routes', gets.length * 2, fc.tuple(fc.constantFrom(...gets), query).map(([url, q]) => ({ method: 'GET', url: `${url}?${q}`, token }))),
    plain('GET /api/openapi.json', 2, query.map((q) => ({ method: 'GET', url: `/api/openapi.json?${q}` }))),
    plain('GET /api/openapi/{area}', RUNS, hostileIdText.map((area) => ({ method: 'GET', url: `/api/openapi/${area}` }))),
    plain('POST /api/auth', RUNS * 2, bodyText({ email: { type: 'string', format: 'email', maxLength: 255 }, password: text }).map((payload) => ({ method: 'POST', url: '/api/auth', payload })), fieldsOf(['email', 'password'])),
    plain('POST /api/password/email', RUNS, bodyText({ email: { type: 'string', format: 'email' } }).map((payload) => ({ method: 'POST', url: '/api/password/email', payload })), fieldsOf(['email'])),
    plain('GET /api/password/reset/{token}', RUNS, hostileIdText.map((t) => ({ method: 'GET', url: `/api/password/reset/${t}` }))),
    plain('POST /api/password/reset', RUNS, bodyText({ token: text, password: text, password_confirmation: text }).map((payload) => ({ method: 'POST', url: '/api/password/reset', payload })), fieldsOf(['token', 'password', 'password_confirmation'])),
    plain('PUT /api/perfil', RUNS * 2, bodyText({ name: { type: 'string', maxLength: 255 }, email: { type: 'string', format: 'email' }, password: text, password_confirmation: text, image_profile: { type: ['string', 'null'], 'x-kind': 'image' } })
      .map((payload) => ({ method: 'PUT', url: '/api/perfil', payload, token })), fieldsOf(['name', 'email', 'password', 'password_confirmation', 'image_profile'])),
    plain('PUT /api/parametros', RUNS * 2, parameters.map((payload) => ({ method: 'PUT', url: '/api/parametros', payload, token })),
      (path) => path === '_' || /^(front|back)(\.\d+(\.(name|value|useDefault))?)?$/.test(path)),
    plain('POST /api/monitores/{id}/check', RUNS, hostileIdText.map((i) => ({ method: 'POST', url: `/api/monitores/${i}/check`, token }))),
    // The registry's look-ups by tax id, the sectors of an employer, and the institution's settings.
    plain('GET /api/pessoa_fisica/cpf/{cpf}', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/pessoa_fisica/cpf/${i}`, token })), fieldsOf(['cpf'])),
    plain('GET /api/pessoa_juridica/cnpj/{cnpj}', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/pessoa_juridica/cnpj/${i}`, token })), fieldsOf(['cnpj'])),
    plain('GET /api/setores/combos?employer_id', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/setores/combos?employer_id=${i}`, token }))),
    plain('GET /api/pessoa_juridica/{id}/vinculos', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/pessoa_juridica/${i}/vinculos`, token }))),
    // The registration's own routes: its situations and next ones, a category's ranges, the registrations
    // of a tax id, and the look-ups with category and type check (tests/registrations/hostile.test.ts has their table).
    plain('GET /api/inscricao/{id}/situacoes', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/inscricao/${i}/situacoes`, token }))),
    plain('GET /api/inscricao/{id}/proximas_situacoes', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/inscricao/${i}/proximas_situacoes`, token }))),
    plain('GET /api/inscricao/categorias/{id}/faixas', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/inscricao/categorias/${i}/faixas`, token }))),
    plain('GET /api/inscricao/parte/{type}/{number}', RUNS, fc.tuple(fc.oneof(fc.constantFrom('1', '2'), hostileIdText), hostileIdText)
      .map(([type, number]) => ({ method: 'GET', url: `/api/inscricao/parte/${type}/${number}`, token })), fieldsOf(['person_type', 'cpf', 'cnpj'])),
    plain('GET /api/{pessoa}/{cpf|cnpj}/{number}/category/{id}/type/{id}', RUNS * 2,
      fc.tuple(fc.constantFrom('pessoa_fisica/cpf', 'pessoa_juridica/cnpj'), hostileIdText, fc.oneof(fc.constantFrom('1'), hostileIdText), fc.oneof(fc.constantFrom('1'), hostileIdText))
        .map(([lookUp, number, category, type]) => ({ method: 'GET', url: `/api/${lookUp}/${number}/category/${category}/type/${type}`, token })), fieldsOf(['cpf', 'cnpj'])),
    plain('PUT /api/instituicao', RUNS * 2, bodyText({ institution_id: { type: 'integer' }, president_id: { type: 'integer' }, update_job_relations: { type: 'boolean' } })
      .map((payload) => ({ method: 'PUT', url: '/api/instituicao', payload, token })), fieldsOf(['institution_id', 'president_id', 'update_job_relations', 'updated_at'])),
    // The deadline operations (docs/DEADLINES.md): ids, amounts and moments of every shape.
    ...(['simulation', '', 'alteration', 'suspension', 'reactivation', 'completion', 'cancellation'] as const).map((operation) =>
      plain(`POST /api/deadlines/${operation}`, RUNS, bodyText({
        deadline_id: { type: 'integer' }, deadline_type_id: { type: 'integer' }, amount: { type: 'integer' }, base_moment: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' },
        uf_id: { type: 'integer' }, city_id: { type: 'integer' }, notes: text, document_id: { type: 'integer' },
      }).map((payload) => ({ method: 'POST', url: `/api/deadlines/${operation}`, payload, token })), fieldsOf(['_', 'deadline_id', 'deadline_type_id', 'amount', 'base_moment', 'uf_id', 'city_id', 'notes', 'document_id']))),
    plain('GET /api/deadlines/histories/{id}', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/deadlines/histories/${i}`, token }))),
    // The occurrences of a record (`x-occurrences`): batches, lists and deletes by hostile ids and items.
    plain('POST /api/pessoa_fisica/{id}/occurrences/batch', RUNS, fc.tuple(hostileIdText, fc.oneof(
      fc.array(bodyOf({ properties: { occurrence_type_id: { type: 'integer' }, date: { type: 'string', format: 'date' }, notes: text, number: text } }), { maxLength: 3 }).map((items) => JSON.stringify({ occurrences: items })),
      hostileBodyText,
    )).map(([i, payload]) => ({ method: 'POST', url: `/api/pessoa_fisica/${i}/occurrences/batch`, payload, token })), (path) => path === '_' || /^occurrences(\.\d+(\.(occurrence_type_id|date|notes|number))?)?$/.test(path)),
    plain('GET /api/pessoa_fisica/{id}/occurrences', RUNS, hostileIdText.map((i) => ({ method: 'GET', url: `/api/pessoa_fisica/${i}/occurrences`, token }))),
    plain('DELETE /api/pessoa_fisica/occurrences/multiple_delete/{ids}', RUNS, hostileIdText.map((i) => ({ method: 'DELETE', url: `/api/pessoa_fisica/occurrences/multiple_delete/${i}`, token }))),
    plain('GET /api/occurrence_types/combo', 3, query.map((q) => ({ method: 'GET', url: `/api/occurrence_types/combo?${q}`, token }))),
    ...sequencePlans(bodyText, token).map(([name, runs, request, fields]) => plain(name, runs, request, fieldsOf(fields))),
    plain('hostile Authorization and Tenant headers', RUNS * 2, fc.tuple(fc.constantFrom(...gets, '/api/generos', '/api/clientes'), safeHeader, safeHeader)
      .map(([url, bearer, tenant]) => ({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}`, tenant } }))),
    // Each logout ends a session of its own (LOGOUT is replaced by a fresh token), so the suite's token lives on.
    plain('POST /api/logout', 3, fc.oneof(hostileBodyText, fc.constant(undefined)).map((payload) => ({ method: 'POST', url: '/api/logout', payload, token: LOGOUT }))),
  ];
}

/** The fuzz run on one database (a file per database, so the two run side by side). */
export function describeFuzz(kind: DatabaseKind): void {
  describe(`fuzz over every route [${kind}]`, () => {
    let product: Product;
    beforeAll(async () => {
      product = await startProduct(kind);
    });
    afterAll(() => product?.close());

    it('answers every hostile request without a 5xx, and every 422 on a field the route has', async () => {
      const api = (method: Sent['method'], url: string, body?: unknown) => product.send({ method, url, token: product.token, payload: body === undefined ? undefined : JSON.stringify(body) });
      const create = creator(product.model, (url, body) => api('POST', url, body), uploader(product, product.token), (url) => api('GET', url));
      const reads: Plan[] = [];
      const deletes: Plan[] = [];
      const spreads: ModulePlans['spread'][] = [];
      const records = new Map<string, number>();
      for (const entity of product.model.entities) {
        const spoil = spoiled(product, entity);
        const writable = entity.operations.create && !spoil;
        const valid = writable ? await validBody(entity, create) : null;
        const ids = writable ? [await create(entity.module), await create(entity.module)] : [];
        if (ids.length) records.set(entity.module, ids[0]);
        const plans = modulePlans(entity, valid, ids, product.token, spoil);
        reads.push(...plans.reads);
        deletes.push(...plans.deletes);
        spreads.push(plans.spread);
      }
      reads.push(...acrossModules(spreads, ['list', 'combos', 'show', 'rest list', 'rest show']));
      deletes.push(...acrossModules(spreads, ['delete', 'multiple_delete', 'rest delete']));
      const parameterNames = ((await api('GET', '/api/parametros')).body.data.back as { name: string }[]).map((p) => p.name);
      const session = async () => (await product.send({ method: 'POST', url: '/api/auth', payload: JSON.stringify({ email: 'sessao@example.com', password: 'senha-da-sessao-de-saida' }) })).body.data.token as string;
      await api('POST', '/api/usuarios', { name: 'Sessão de saída', email: 'sessao@example.com', password: 'senha-da-sessao-de-saida', active: true });

      const tally = new Tally();
      const plans = [...reads, ...otherPlans(product, parameterNames)];
      for (const [index, plan] of plans.entries()) {
        for (const sent of fc.sample(plan.request, { seed: SEED + index, numRuns: plan.runs })) {
          const request = sent.token === LOGOUT ? { ...sent, token: await session() } : sent;
          tally.record(request, await product.send(request), plan.knows);
        }
      }
      // Before the deletes: a route of a record reads its body only while the record exists.
      for (const { sent, knows } of everyRouteRequests(product.routes, product.model, records, (url) => (url === '/api/logout' ? LOGOUT : product.token))) {
        const request = sent.token === LOGOUT ? { ...sent, token: await session() } : sent;
        tally.record(request, await product.send(request), knows);
      }
      for (const [index, plan] of deletes.entries()) {
        for (const sent of fc.sample(plan.request, { seed: SEED + plans.length + index, numRuns: plan.runs })) tally.record(sent, await product.send(sent), plan.knows);
      }
      console.log(tally.summary(kind));
      expect(tally.serverErrors).toEqual([]);
      expect(tally.wrongFields).toEqual([]);
    }, 900_000);
  });
}
