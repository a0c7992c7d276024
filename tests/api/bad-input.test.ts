/**
 * Bad input a person or a script can send to the generic routes: each gets a 400, 404 or 422 with
 * a pt-BR message, never a 500.
 */
import type { Entity, Field } from '../../language/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { ruleMessage } from '../../src/shared/field-rules.js';
import { creator, validBody, writableEntities } from './support/bodies.js';
import { call, startTestServer, uploader, type TestServer } from './support/server.js';

const NUL = '\u0000';
const badRequest = (message: string) => ({ status: 400, body: { message } });
const notFound = { status: 404, body: { message: 'Registro não encontrado.' } };
const filter = (value: unknown) => `filter=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

for (const kind of DATABASE_KINDS) {
  describe(`bad input on the generic routes [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let create: ReturnType<typeof creator>;
    let entity: Entity;
    let reference: Field;
    let text: Field;
    let base: string;

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
      entity = writableEntities(server.model).find((e) => e.list.search.length && e.fields.some((f) => f.kind === 'reference' && f.inForm))!;
      reference = entity.fields.find((f) => f.kind === 'reference' && f.inForm)!;
      text = entity.fields.find((f) => f.name === entity.list.search[0])!;
      base = `/api/${entity.module}`;
    });
    afterAll(() => server?.close());

    it('refuses filters of the wrong JSON type', async () => {
      const invalidValue = (key: string) => badRequest(`Valor inválido no filtro ${key}.`);
      expect(await api('GET', `${base}?${filter({ [reference.name]: { a: 1 } })}`)).toEqual(invalidValue(reference.name));
      expect(await api('GET', `${base}?${filter({ [reference.name]: [[1]] })}`)).toEqual(invalidValue(reference.name));
      expect(await api('GET', `${base}?${filter({ [reference.name]: 1e300 })}`)).toEqual(invalidValue(reference.name));
      expect(await api('GET', `${base}?${filter({ [reference.name]: '1; drop table users' })}`)).toEqual(invalidValue(reference.name));
      expect(await api('GET', `${base}?${filter({ [`${reference.name}_gte`]: [1, 2] })}`)).toEqual(invalidValue(`${reference.name}_gte`));
      expect(await api('GET', `${base}?${filter({ [text.name]: true })}`)).toEqual(invalidValue(text.name));
      expect(await api('GET', `${base}?${filter({ [text.name]: `a${NUL}b` })}`)).toEqual(invalidValue(text.name));
      expect(await api('GET', `${base}?${filter({ q: 5 })}`)).toEqual(invalidValue('q'));
      expect(await api('GET', `${base}?${filter({ __proto__: 1, constructor: 2 })}`)).toEqual(badRequest('Filtro desconhecido: constructor.'));
      expect(await api('GET', `${base}?${filter('{"__proto__": 1}')}`)).toEqual(badRequest('Filtro desconhecido: __proto__.'));
      for (const raw of ['[1]', '"x"', 'null', '{nao é json', '1']) {
        expect(await api('GET', `${base}?${filter(raw)}`), raw).toEqual(badRequest('O parâmetro filter deve ser um objeto JSON.'));
      }
      expect(await api('GET', `${base}?filter=%7B%7D&filter=%7B%7D`)).toEqual(badRequest('O parâmetro filter deve ser um objeto JSON.'));
      const many = Array.from({ length: 1001 }, (_, i) => i + 1);
      expect(await api('GET', `${base}?${filter({ [reference.name]: many })}`)).toEqual(badRequest(`O filtro ${reference.name} aceita no máximo 1000 valores.`));
      expect((await api('GET', `${base}?${filter({ [reference.name]: many.slice(0, 1000) })}`)).status).toBe(200);
    });

    it('refuses repeated, huge and out-of-reach paging and sorting parameters', async () => {
      expect(await api('GET', `${base}?sort=${text.name}&sort=id`)).toEqual(badRequest('O parâmetro sort deve ser um texto.'));
      expect(await api('GET', `${base}?order=asc&order=desc`)).toEqual(badRequest('O parâmetro order deve ser asc ou desc.'));
      for (const page of ['99999999999999999999', '1e3', '-1', '0', '1.5', 'abc']) {
        expect(await api('GET', `${base}?page=${page}`), page).toEqual(badRequest('O parâmetro page deve ser um número inteiro maior que zero.'));
      }
      expect(await api('GET', `${base}?page=1&page=2`)).toEqual(badRequest('O parâmetro page deve ser um número inteiro maior que zero.'));
      expect(await api('GET', `${base}?per_page=501`)).toEqual(badRequest('O parâmetro per_page deve ser no máximo 500.'));
      expect(await api('GET', `${base}?page=4001&per_page=25`)).toEqual(badRequest('Não é possível ir além do registro 100.000: refine a busca ou mude a ordenação.'));
      expect((await api('GET', `${base}?page=4000&per_page=25`)).status).toBe(200);
    });

    it('bounds the search text and refuses NUL characters in it', async () => {
      expect(await api('GET', `${base}?q=${'a'.repeat(201)}`)).toEqual(badRequest('O parâmetro q deve ter no máximo 200 caracteres.'));
      expect(await api('GET', `${base}?${filter({ q: 'a'.repeat(201) })}`)).toEqual(badRequest('O filtro q deve ter no máximo 200 caracteres.'));
      expect(await api('GET', `${base}?q=ab%00cd`)).toEqual(badRequest('O parâmetro q contém caracteres inválidos.'));
      expect(await api('GET', `${base}?q=a&q=b`)).toEqual(badRequest('O parâmetro q deve ser um texto.'));
      expect((await api('GET', `${base}?q=${encodeURIComponent('ab '.repeat(66))}`)).status).toBe(200);
      expect((await api('GET', `${base}?q=${encodeURIComponent('%_\\ \' " ; --')}`)).status).toBe(200);
      const combos = `${base}/combos`;
      expect(await api('GET', `${combos}?filter=${'a'.repeat(201)}`)).toEqual(badRequest('O parâmetro filter deve ter no máximo 200 caracteres.'));
      expect(await api('GET', `${combos}?filter=a%00`)).toEqual(badRequest('O parâmetro filter contém caracteres inválidos.'));
      expect(await api('GET', `${combos}?filter=a&filter=b`)).toEqual(badRequest('O parâmetro filter deve ser um texto.'));
      expect(await api('GET', `${combos}?${reference.name}=abc`)).toEqual(badRequest(`O parâmetro ${reference.name} deve ser um número inteiro.`));
    });

    it('answers 404 to ids that are not record ids, in paths and in multiple_delete', async () => {
      for (const id of ['abc', '1e3', '-1', '0', '1.5', '99999999999999999999', '%00', '1%00']) {
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          expect(await api(method, `${base}/${id}`, method === 'PUT' ? {} : undefined), `${method} ${id}`).toEqual(notFound);
        }
      }
      for (const ids of ['abc', '1,abc', ',,,', '1,-2', '99999999999999999999', '%00']) {
        expect(await api('DELETE', `${base}/multiple_delete/${ids}`), ids).toEqual(notFound);
      }
      const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
      expect(await api('DELETE', `${base}/multiple_delete/${tooMany}`)).toEqual(badRequest('É possível excluir no máximo 1.000 registros de uma vez.'));
      expect(await api('DELETE', `${base}/multiple_delete/${'1'.repeat(25_000)}`)).toEqual({ status: 414, body: { message: 'O endereço da requisição é longo demais.' } });
      expect(await api('GET', `${base}/%E0%A4%A`)).toEqual(badRequest('Endereço inválido.'));

      const ids = [await create(entity.module), await create(entity.module)];
      const padded = [...ids, ...Array.from({ length: 30 }, () => ids[0])].map((id) => String(id).padStart(6, '0')).join(',');
      expect((await api('DELETE', `${base}/multiple_delete/${padded}`)).status).toBe(200);
      for (const id of ids) expect(await api('GET', `${base}/${id}`)).toEqual(notFound);
    });

    it('answers 422 on the field to values of the wrong JSON type or beyond the column', async () => {
      const body = await validBody(entity, create);
      const post = (changes: Record<string, unknown>) => api('POST', base, { ...body, ...changes });
      const wrongTypes = await post({ [text.name]: 123, [reference.name]: 'x' });
      expect(wrongTypes.status).toBe(422);
      expect(wrongTypes.body.errors).toEqual({ [text.name]: [`O campo ${text.label} é inválido.`], [reference.name]: [`O campo ${reference.label} é inválido.`] });
      expect((await post({ [text.name]: ['a'], [reference.name]: { id: 1 } })).body.errors).toEqual({
        [text.name]: [`O campo ${text.label} é inválido.`], [reference.name]: [`O campo ${reference.label} é inválido.`],
      });
      expect((await post({ [text.name]: `a${NUL}b` })).body).toEqual({
        message: 'Os dados informados são inválidos.', errors: { [text.name]: [`O campo ${text.label} contém caracteres inválidos.`] },
      });
      for (const id of [1e300, -5, 0, 1e20]) {
        expect((await post({ [reference.name]: id })).body.errors, String(id)).toEqual({ [reference.name]: ['O registro selecionado não existe.'] });
      }
      for (const raw of [[1, 2], 'texto', 42, null, true]) {
        const response = await server.app.inject({
          method: 'POST', url: base, payload: JSON.stringify(raw),
          headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        });
        expect([response.statusCode, response.json()], JSON.stringify(raw)).toEqual([
          422, { message: 'Os dados informados são inválidos.', errors: { _: ['O corpo da requisição deve ser um objeto.'] } },
        ]);
      }
      const id = (await post({})).body.data.id;
      expect((await api('PUT', `${base}/${id}`, { ...body, [text.name]: `x${NUL}` })).body.errors).toEqual({ [text.name]: [`O campo ${text.label} contém caracteres inválidos.`] });
      expect((await api('PUT', `${base}/${id}`, { ...body, [reference.name]: 1e300 })).status).toBe(422);
    });

    it('answers 422 on the field to a date or a date and time whose day does not exist', async () => {
      const datedOf = (kind: 'date' | 'datetime') =>
        writableEntities(server.model).flatMap((e) => e.fields.filter((f) => f.kind === kind && f.inForm && !f.sublist).map((f) => ({ owner: e, field: f })))[0]!;
      for (const [kind, values] of [['date', ['2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31']], ['datetime', ['2026-02-30T10:00:00-03:00', '2026-02-30 10:00:00', '2026-06-31', '2026-01-01T25:00:00']]] as const) {
        const { owner, field } = datedOf(kind);
        const body = await validBody(owner, create);
        for (const value of values) {
          const answer = await api('POST', `/api/${owner.module}`, { ...body, [field.name]: value });
          expect([answer.status, answer.body.errors?.[field.name]], `${owner.module}.${field.name} ${value}`).toEqual([422, [ruleMessage(field.messages, 'format', field.label, undefined, 'O campo {label} não é uma data válida.')]]);
        }
        expect((await api('POST', `/api/${owner.module}`, { ...body, [field.name]: kind === 'date' ? '2024-02-29' : '2024-02-29T10:00:00-03:00' })).status, `${owner.module}.${field.name}`).toBe(201);
      }
    });

    it('keeps integers within the column', async () => {
      const owner = writableEntities(server.model).find((e) => e.fields.some((f) => f.kind === 'integer' && f.inForm && f.maximum === undefined))!;
      const field = owner.fields.find((f) => f.kind === 'integer' && f.inForm && f.maximum === undefined)!;
      const body = await validBody(owner, create);
      for (const [value, message] of [[2_147_483_648, 'no máximo 2147483647'], [1e300, 'no máximo 2147483647']] as const) {
        const response = await api('POST', `/api/${owner.module}`, { ...body, [field.name]: value });
        expect(response.status).toBe(422);
        expect(response.body.errors[field.name]).toContain(`O campo ${field.label} deve ser ${message}.`);
      }
      expect((await api('POST', `/api/${owner.module}`, { ...body, [field.name]: 2_147_483_647 })).status).toBe(201);
    });

    it('answers 422 on `_` to a JSON scalar or array where the profile, parameters and logins expect an object', async () => {
      const notObject = { message: 'Os dados informados são inválidos.', errors: { _: ['O corpo da requisição deve ser um objeto.'] } };
      for (const [method, url] of [['PUT', '/api/perfil'], ['PUT', '/api/parametros'], ['POST', '/api/auth'], ['POST', '/api/password/email'], ['POST', '/api/password/reset']] as const) {
        for (const raw of ['42', '"x"', 'null', '[]', 'true']) {
          const response = await server.app.inject({
            method, url, payload: raw,
            headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
          });
          expect([response.statusCode, response.json()], `${method} ${url} ${raw}`).toEqual([422, notObject]);
        }
      }
    });

    it('refuses NUL characters in the profile on their fields', async () => {
      const response = await api('PUT', '/api/perfil', { name: `Ana${NUL}`, email: `ana${NUL}@example.com` });
      expect(response).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: {
        name: ['O campo Nome contém caracteres inválidos.'], email: ['O campo E-mail contém caracteres inválidos.'],
      } } });
    });

    it('refuses an e-mail no account can have on the login, before counting it', async () => {
      const huge = await server.app.inject({ method: 'POST', url: '/api/auth', payload: { email: `${'a'.repeat(1024 * 1024)}@example.com`, password: 'x' } });
      expect([huge.statusCode, huge.json().errors]).toEqual([422, { email: ['O campo E-mail não pode ter mais de 255 caracteres.'] }]);
      const nul = await server.app.inject({ method: 'POST', url: '/api/auth', payload: { email: `a${NUL}@example.com`, password: 'x' } });
      expect([nul.statusCode, nul.json().errors]).toEqual([422, { email: ['O campo E-mail contém caracteres inválidos.'] }]);
      expect(await server.db.selectFrom('login_failures').select('key').execute()).toEqual([]);
    });

    it('refuses a body that is not JSON and a content type it does not read', async () => {
      const headers = { authorization: `Bearer ${server.adminToken}` };
      const truncated = await server.app.inject({ method: 'POST', url: base, payload: '{"a": "b', headers: { ...headers, 'content-type': 'application/json' } });
      expect([truncated.statusCode, truncated.json()]).toEqual([400, { message: 'O corpo da requisição não é um JSON válido.' }]);
      const xml = await server.app.inject({ method: 'POST', url: base, payload: '<nome>x</nome>', headers: { ...headers, 'content-type': 'application/xml' } });
      expect([xml.statusCode, xml.json()]).toEqual([415, { message: 'Tipo de conteúdo não suportado.' }]);
      const plain = await server.app.inject({ method: 'POST', url: base, payload: 'nome=x', headers: { ...headers, 'content-type': 'text/plain' } });
      expect([plain.statusCode, plain.json().errors]).toEqual([422, { _: ['O corpo da requisição deve ser um objeto.'] }]);
    });
  });
}
