import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/web/http/client';
import { memorySession } from '../../src/web/http/session';
import { createConnectionStatus } from '../../src/web/http/status';
import { createDataProvider } from '../../src/web/providers/dataProvider';
import { startServer, type Seen } from './server';

let reply: (request: Seen) => { status: number; body?: unknown } = () => ({ status: 200, body: { data: [] } });
const server = await startServer((request) => reply(request));
const session = memorySession();
const status = createConnectionStatus();
const provider = createDataProvider(createHttpClient({ baseUrl: server.baseUrl, session, status }));

beforeAll(() => {
  session.setToken('abc123');
  session.setTenant('conselho_sp');
});
beforeEach(() => {
  server.seen.length = 0;
});
afterAll(() => server.close());

const last = () => server.seen[server.seen.length - 1];

describe('the data provider: the stock simple-rest provider on /api/rest, the contract where it carries more', () => {
  it('passes an estimated total on as meta.estimated, the next page known by meta.next_cursor', async () => {
    reply = () => ({ status: 200, body: { data: [{ id: 1 }, { id: 2 }], meta: { total: 1_234_567, page: 3, per_page: 2, estimated: true, next_cursor: 'abc' } } });
    const full = await provider.getList('municipios', { pagination: { page: 3, perPage: 2 } });
    expect(full).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 1_234_567, meta: { estimated: true }, pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    reply = () => ({ status: 200, body: { data: [{ id: 1 }, { id: 2 }], meta: { total: 1_234_567, page: 1, per_page: 2, estimated: true } } });
    const lastPage = await provider.getList('municipios', { pagination: { page: 1, perPage: 2 } });
    expect(lastPage.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
  });

  it('lists with page, per_page, sort, order, q and a JSON filter, and reads meta.total', async () => {
    reply = () => ({ status: 200, body: { data: [{ id: 1, name: 'Acre' }], meta: { total: 27, page: 2, per_page: 10 } } });
    const result = await provider.getList('mesoregioes', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: ' são ', uf_id: 25, empty: '' },
    });
    expect(result).toEqual({ data: [{ id: 1, name: 'Acre' }], total: 27 });
    const { url, method } = last();
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/api/mesoregioes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      per_page: '10',
      sort: 'name',
      order: 'desc',
      q: 'são',
      filter: '{"uf_id":25}',
    });
  });

  it("reads one record through the stock provider, with the specification's headers", async () => {
    reply = () => ({ status: 200, body: { id: 7, denomination: 'Casado' } });
    expect((await provider.getOne('estados_civis', { id: 7 })).data).toEqual({ id: 7, denomination: 'Casado' });
    const { headers, url } = last();
    expect(url.pathname).toBe('/api/rest/estados_civis/7');
    expect(headers.authorization).toBe('Bearer abc123');
    expect(headers.tenant).toBe('conselho_sp');
    expect(headers['accept-language']).toBe('pt-BR');
    expect(headers.accept).toBe('application/json');
    expect(headers['local-ip-address']).toBe('127.0.0.1');
  });

  it('creates, updates and deletes with the bare records of the simple-rest dialect', async () => {
    reply = (r) => ({ status: r.method === 'POST' ? 201 : 200, body: { id: 3, ...(r.body as object) } });
    const created = await provider.create('estados_civis', { data: { denomination: 'Casado' } });
    expect(created.data).toEqual({ id: 3, denomination: 'Casado' });
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/rest/estados_civis');
    expect(last().body).toEqual({ denomination: 'Casado' });
    expect(last().headers['content-type']).toBe('application/json');
    const updated = await provider.update('estados_civis', { id: 3, data: { denomination: 'Viúvo' }, previousData: { id: 3 } });
    expect(last().method).toBe('PUT');
    expect(last().url.pathname).toBe('/api/rest/estados_civis/3');
    expect(updated.data.denomination).toBe('Viúvo');
    reply = () => ({ status: 200, body: { id: 3, denomination: 'Viúvo' } });
    const removed = await provider.delete('estados_civis', { id: 3, previousData: { id: 3, denomination: 'Viúvo' } });
    expect(last().method).toBe('DELETE');
    expect(last().url.pathname).toBe('/api/rest/estados_civis/3');
    expect(removed.data).toEqual({ id: 3, denomination: 'Viúvo' });
  });

  it('saves with the version the form loaded, so a change made meanwhile is not overwritten', async () => {
    reply = (r) => ({ status: 200, body: { id: 3, ...(r.body as object) } });
    const loaded = { id: 3, denomination: 'Casado', updated_at: '2026-03-01T12:00:00.123Z' };
    await provider.update('estados_civis', { id: 3, data: { ...loaded, denomination: 'Viúvo', updated_at: '2026-03-02T08:00:00.000Z' }, previousData: loaded });
    expect(last().body).toEqual({ id: 3, denomination: 'Viúvo', updated_at: '2026-03-01T12:00:00.123Z' });
    await provider.update('estados_civis', { id: 3, data: { denomination: 'Solteiro' }, previousData: { id: 3 } });
    expect(last().body).toEqual({ denomination: 'Solteiro' });

    reply = () => ({ status: 409, body: { message: 'O registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.' } });
    const error = await provider.update('estados_civis', { id: 3, data: loaded, previousData: loaded }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.message).toBe('O registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.');
  });

  it('rejects a 422 with the first message of each field in body.errors', async () => {
    reply = () => ({
      status: 422,
      body: { message: 'Os dados informados são inválidos.', errors: { denomination: ['O campo Denominação é obrigatório.'], 'telephones.0.number': ['x', 'y'] } },
    });
    const error = await provider.create('estados_civis', { data: {} }).catch((e) => e);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Os dados informados são inválidos.');
    expect(error.body.errors).toEqual({ denomination: 'O campo Denominação é obrigatório.', 'telephones.0.number': 'x' });
  });

  it('deletes several records in one call with the ids joined by commas', async () => {
    reply = () => ({ status: 200, body: { data: null } });
    const result = await provider.deleteMany('estados_civis', { ids: [1, 2, 5] });
    expect(last().method).toBe('DELETE');
    expect(last().url.pathname).toBe('/api/estados_civis/multiple_delete/1,2,5');
    expect(result.data).toEqual([1, 2, 5]);
  });

  it('gets many by an id filter through the stock provider', async () => {
    reply = () => ({ status: 200, body: [{ id: 1 }, { id: 2 }] });
    expect((await provider.getMany('uf', { ids: [1, 2] })).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(last().url.pathname).toBe('/api/rest/uf');
    expect(last().url.searchParams.get('filter')).toBe('{"id":[1,2]}');
  });

  it('reads select options from /combos, with the typed text and the dependent field', async () => {
    reply = () => ({ status: 200, body: { data: [{ id: 35, name: 'SP - São Paulo' }] } });
    const result = await provider.getList('uf', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'São', region_id: 3 },
      meta: { combos: true },
    });
    expect(result.data).toEqual([{ id: 35, name: 'SP - São Paulo' }]);
    expect(last().url.pathname).toBe('/api/uf/combos');
    expect(Object.fromEntries(last().url.searchParams)).toEqual({ filter: 'São', region_id: '3' });
    await provider.getMany('uf', { ids: [35], meta: { combos: true } });
    expect(last().url.pathname).toBe('/api/uf/combos');
    expect(last().url.searchParams.get('id')).toBe('35');
  });

  it('asks for a named combo and a few options, and says when the server held some back', async () => {
    reply = () => ({ status: 200, body: { data: [{ id: 1, name: 'Abadia' }], more: true } });
    const result = await provider.getList('municipios', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'aba', combo: 'ativos', limit: 50 },
      meta: { combos: true },
    });
    expect(Object.fromEntries(last().url.searchParams)).toEqual({ filter: 'aba', combo: 'ativos', limit: '50' });
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    reply = () => ({ status: 200, body: { data: [{ id: 1, name: 'Abadia' }] } });
    expect((await provider.getList('municipios', { filter: { q: 'abadia' }, meta: { combos: true } })).pageInfo?.hasNextPage).toBe(false);
  });

  it("fetches a chosen record by its id from the field's named combo, labelled as its options are", async () => {
    reply = () => ({ status: 200, body: { data: [{ id: 7, name: 'Hospital Santa Clara S.A. - 45.723.174/0001-10' }] } });
    const { data } = await provider.getMany('partes', { ids: [7], meta: { combos: true, combo: 'pessoas_juridicas' } });
    expect(data).toEqual([{ id: 7, name: 'Hospital Santa Clara S.A. - 45.723.174/0001-10' }]);
    expect(last().url.pathname).toBe('/api/partes/combos');
    expect(Object.fromEntries(last().url.searchParams)).toEqual({ id: '7', combo: 'pessoas_juridicas' });
  });

  it('marks the connection lost on 502 and reached again on the next answer', async () => {
    reply = () => ({ status: 502, body: { message: 'Bad gateway' } });
    await provider.getOne('uf', { id: 1 }).catch(() => undefined);
    expect(status.get().disconnected).toBe(true);
    reply = () => ({ status: 200, body: { id: 1 } });
    await provider.getOne('uf', { id: 1 });
    expect(status.get().disconnected).toBe(false);
  });

  it('reports a refused token on the stock provider\'s requests too, with the pt-BR message', async () => {
    const events: string[] = [];
    const stop = status.onAccess((event) => events.push(event));
    reply = () => ({ status: 401, body: { message: 'Sessão expirada.' } });
    const error = await provider.getOne('uf', { id: 1 }).catch((e) => e);
    stop();
    expect([error.status, error.message]).toEqual([401, 'Sessão expirada.']);
    expect(events).toEqual(['unauthorized']);
  });

  it('marks the connection lost when nobody answers', async () => {
    const offline = createConnectionStatus();
    const dead = createDataProvider(createHttpClient({ baseUrl: 'http://127.0.0.1:9', session, status: offline }));
    const error = await dead.getOne('uf', { id: 1 }).catch((e) => e);
    expect(error.message).toBe('Sem conexão com o servidor.');
    expect(offline.get().disconnected).toBe(true);
  });
});
