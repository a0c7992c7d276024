/**
 * Saved views of a list through the API, on both databases: kept for the person who saved them and
 * shared with a role; checked against the list's fields; only their author changes or deletes them;
 * nobody reaches a list they may not see through them; two saves of one name at once; hostile bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { TOO_DEEP } from '../../src/server/core/http/json-body.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const state = { filter: { q: 'maria', genre_id: 2 }, sort: { field: 'name', order: 'DESC' }, hidden_columns: ['short_name'], per_page: 50 };

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`saved views [${kind}]`, () => {
    let server: TestServer;
    let roleId: number;
    let otherRoleId: number;
    const admin = () => call(server, server.adminToken);
    /** A user who may list persons, holding the given roles. */
    const clerk = async (roles: number[]) => {
      const user = await userWith(server, [{ name: 'party.index' }]);
      for (const role of roles) await server.db.insertInto('users_roles').values({ user_id: user.id, role_id: role }).execute();
      return { ...user, api: call(server, user.token) };
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      roleId = Number((await server.db.insertInto('roles').values({ name: 'Atendimento' }).returning('id').executeTakeFirstOrThrow()).id);
      otherRoleId = Number((await server.db.insertInto('roles').values({ name: 'Fiscalização' }).returning('id').executeTakeFirstOrThrow()).id);
    }, 120_000);
    afterAll(() => server?.close());

    it('keeps a view for its author, with the filters, sort, hidden columns and page size as saved', async () => {
      const author = await clerk([]);
      const saved = await author.api('POST', '/api/saved_views', { module: 'pessoa_fisica', name: '  Marias recentes ', state });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body).toMatchObject({ message: 'Visão salva com sucesso.', data: { module: 'pessoa_fisica', name: 'Marias recentes', role_id: null, mine: true, state } });
      expect((await author.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([saved.body.data]);
      // Another list, and another person, see none of it.
      expect((await author.api('GET', '/api/saved_views?module=usuarios')).status).toBe(403);
      expect((await (await clerk([])).api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([]);
      // A new session (another browser) finds it.
      const again = call(server, (await server.app.inject({ method: 'POST', url: '/api/auth', payload: { email: author.email, password: author.password } })).json().data.token);
      expect((await again('GET', '/api/saved_views?module=pessoa_fisica')).body.data.map((v: { name: string }) => v.name)).toEqual(['Marias recentes']);

      const renamed = await author.api('PUT', `/api/saved_views/${saved.body.data.id}`, { name: 'Marias', state: { ...state, per_page: 25 } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: 'Marias', state: { per_page: 25 } });
      expect((await author.api('DELETE', `/api/saved_views/${saved.body.data.id}`)).body).toEqual({ message: 'Visão excluída com sucesso.' });
      expect((await author.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([]);
    });

    it('shares a view with a role: its holders open it, only its author changes or deletes it', async () => {
      const author = await clerk([roleId]);
      const colleague = await clerk([roleId]);
      const outsider = await clerk([otherRoleId]);
      expect((await author.api('GET', '/api/saved_views/roles')).body.data).toEqual([{ id: roleId, name: 'Atendimento' }]);
      expect((await admin()('GET', '/api/saved_views/roles')).body.data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Atendimento', 'Fiscalização']));
      expect((await (await clerk([])).api('GET', '/api/saved_views/roles')).body.data).toEqual([]);
      const shared = (await author.api('POST', '/api/saved_views', { module: 'pessoa_fisica', name: 'Da equipe', role_id: roleId, state })).body.data;
      expect(shared).toMatchObject({ role_id: roleId, role_name: 'Atendimento' });
      const seen = (await colleague.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data;
      expect(seen).toEqual([{ ...shared, mine: false }]);
      expect((await outsider.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([]);
      expect(await colleague.api('PUT', `/api/saved_views/${shared.id}`, { name: 'Minha' })).toEqual({ status: 403, body: { message: 'Somente quem criou a visão pode alterá-la ou excluí-la.' } });
      expect((await colleague.api('DELETE', `/api/saved_views/${shared.id}`)).status).toBe(403);
      expect(await outsider.api('DELETE', `/api/saved_views/${shared.id}`)).toEqual({ status: 404, body: { message: 'Visão não encontrada.' } });
      // Sharing with a role one does not hold is refused; an administrator shares with any.
      const refused = await author.api('POST', '/api/saved_views', { module: 'pessoa_fisica', name: 'Para a fiscalização', role_id: otherRoleId, state });
      expect(refused).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { role_id: ['Você só pode compartilhar a visão com um papel que você tem.'] } } });
      expect((await admin()('POST', '/api/saved_views', { module: 'pessoa_fisica', name: 'Para a fiscalização', role_id: otherRoleId, state })).status).toBe(201);
      expect((await outsider.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data.map((v: { name: string }) => v.name)).toEqual(['Para a fiscalização']);
      // The role deleted, the view stays its author's own.
      await server.db.deleteFrom('users_roles').where('role_id', '=', roleId).execute();
      await server.db.deleteFrom('roles').where('id', '=', roleId).execute();
      expect((await colleague.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([]);
      expect((await author.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toMatchObject([{ name: 'Da equipe', role_id: null, mine: true }]);
    });

    it('checks a view against the list it belongs to, each problem on its place', async () => {
      const author = await clerk([]);
      const errorsOf = async (body: unknown) => {
        const answer = await author.api('POST', '/api/saved_views', body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        return answer.body.errors;
      };
      expect(await errorsOf({ module: 'nao_existe', name: 'x' })).toEqual({ module: ['Lista não encontrada.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: '' })).toEqual({ name: ['O campo Nome é obrigatório.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x'.repeat(101) })).toEqual({ name: ['O campo Nome deve ter no máximo 100 caracteres.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: { sort: { field: 'password', order: 'ASC' } } })).toEqual({ 'state.sort.field': ['Esta lista não se ordena por este campo.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: { sort: { field: 'name', order: 'up' } } })).toEqual({ 'state.sort.order': ['O sentido deve ser ASC ou DESC.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: { filter: { nao_existe: 1, name: { $ne: 1 } } } })).toEqual({
        'state.filter.nao_existe': ['Este campo não é um filtro desta lista.'], 'state.filter.name': ['Valor de filtro inválido.'],
      });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: { hidden_columns: ['name', 7] } })).toEqual({ 'state.hidden_columns': ['As colunas ocultas devem ser campos desta lista.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: { per_page: 0 } })).toEqual({ 'state.per_page': ['Registros por página: de 1 a 500.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: 'tudo' })).toEqual({ state: ['A visão deve ser um objeto.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', state: { filter: { q: 'a'.repeat(20_000) } } })).toEqual({ state: ['A visão é grande demais.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', role_id: 'abc' })).toEqual({ role_id: ['Papel inválido.'] });
      expect(await errorsOf({ module: 'pessoa_fisica', name: 'x', role_id: 999_999 })).toEqual({ role_id: ['Papel não encontrado.'] });
      for (const body of [null, 'texto', 42, []]) {
        const answer = await server.app.inject({ method: 'POST', url: '/api/saved_views', headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect([answer.statusCode, answer.json().errors], JSON.stringify(body)).toEqual([422, { _: ['O corpo da requisição deve ser um objeto.'] }]);
      }
      for (const id of ['abc', '-1', '0', '99999999999999999999']) expect((await author.api('DELETE', `/api/saved_views/${id}`)).status, id).toBe(404);
      expect((await author.api('GET', '/api/saved_views')).status).toBe(404);
      expect((await author.api('GET', '/api/saved_views')).body).toEqual({ message: 'Lista não encontrada.' });
      expect((await author.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([]);
    });

    it('refuses a state nested 10,000 levels on state, on a create and on an update, and keeps the view as it was', async () => {
      const author = await clerk([]);
      const saved = (await author.api('POST', '/api/saved_views', { module: 'pessoa_fisica', name: 'Rasa', state })).body.data;
      const deep = `{"filter":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
      const send = (method: 'POST' | 'PUT', url: string) => server.app.inject({
        method, url, headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
        payload: `{"module":"pessoa_fisica","name":"Funda","state":${deep}}`,
      });
      for (const [method, url] of [['POST', '/api/saved_views'], ['PUT', `/api/saved_views/${saved.id}`]] as const) {
        const answer = await send(method, url);
        expect({ status: answer.statusCode, body: answer.json() }, method).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { state: [TOO_DEEP] } } });
      }
      expect((await author.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toEqual([saved]);
    });

    it('keeps one name per person and list, however typed, when two saves of it arrive at once', async () => {
      const author = await clerk([]);
      const answers = await Promise.all(['Ativos', 'ATIVOS', 'ativos '].map((name) => author.api('POST', '/api/saved_views', { module: 'pessoa_fisica', name, state })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
      for (const refused of answers.filter((a) => a.status === 422)) expect(refused.body.errors).toEqual({ name: ['Você já tem uma visão com este nome nesta lista.'] });
      expect((await author.api('GET', '/api/saved_views?module=pessoa_fisica')).body.data).toHaveLength(1);
      // Another person may use the name.
      expect((await (await clerk([])).api('POST', '/api/saved_views', { module: 'pessoa_fisica', name: 'Ativos', state })).status).toBe(201);
    });

    it('refuses the views of a list to whoever may not see the list', async () => {
      const stranger = await userWith(server, [{ name: 'municipio.index' }]);
      const api = call(server, stranger.token);
      expect((await api('GET', '/api/saved_views?module=pessoa_fisica')).status).toBe(403);
      expect((await api('POST', '/api/saved_views', { module: 'pessoa_fisica', name: 'Minha', state })).status).toBe(403);
      expect((await call(server, null)('GET', '/api/saved_views?module=pessoa_fisica')).status).toBe(401);
    });
  });
}
