import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../language/index.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { creator, validBody, writableEntities } from './support/bodies.js';
import { call, startTestServer, uploader, type TestServer } from './support/server.js';

/** An entity whose first searchable field is free text that can also sort the list. */
const searchable = (entities: Entity[]) =>
  entities.find((e) => {
    const field = e.fields.find((f) => f.name === e.list.search[0]);
    return field && field.kind === 'text' && !field.pattern && !field.unique && (field.maxLength ?? 255) >= 40 && e.list.columns.includes(field.name);
  })!;

for (const kind of DATABASE_KINDS) {
  describe(`list options [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let entity: Entity;
    let text: string;
    let ids: number[];
    const list = async (params: Record<string, unknown>) => {
      const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      return api('GET', `/api/${entity.module}?${query}`);
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      entity = searchable(writableEntities(server.model));
      text = entity.list.search[0];
      const create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
      ids = [];
      // The other searched text fields hold words none of the searches below look for.
      const others = entity.fields.filter((f) => f.name !== text && entity.list.search.includes(f.name) && (f.kind === 'text' || f.kind === 'textarea'));
      const quiet = Object.fromEntries(others.map((f) => [f.name, 'Nada em comum']));
      for (const value of ['Ação Social Zeta', 'acao social alfa', 'Outro Registro Beta']) {
        const response = await api('POST', `/api/${entity.module}`, { ...(await validBody(entity, create)), ...quiet, [text]: value });
        ids.push(response.body.data.id);
      }
    });
    afterAll(() => server?.close());

    it('searches ignoring case and accents, every word', async () => {
      const names = async (q: string) => (await list({ q, filter: { id: ids } })).body.data.map((r: Record<string, string>) => r[text]).sort();
      const both = ['acao social alfa', 'Ação Social Zeta'].sort();
      expect(await names('AÇÃO')).toEqual(both);
      expect(await names('acao')).toEqual(both);
      expect(await names('social ALFA')).toEqual(['acao social alfa']);
      expect(await names('Ou')).toEqual(['Outro Registro Beta']);
      expect(await names('Registo')).toEqual(['Outro Registro Beta']);
    });

    it('sorts, pages and counts', async () => {
      const asc = await list({ sort: text, order: 'asc', filter: { id: [ids[2], ids[0]] } });
      expect(asc.body.data.map((r: Record<string, string>) => r[text])).toEqual(['Ação Social Zeta', 'Outro Registro Beta']);
      const byTextDesc = await list({ sort: text, order: 'desc', filter: { id: [ids[2], ids[0]] } });
      expect(byTextDesc.body.data.map((r: Record<string, string>) => r[text])).toEqual(['Outro Registro Beta', 'Ação Social Zeta']);
      const desc = await list({ sort: 'id', order: 'desc', filter: { id: ids } });
      expect(desc.body.data.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
      const second = await list({ sort: 'id', order: 'asc', per_page: '1', page: '2', filter: { id: ids } });
      expect(second.body).toMatchObject({ data: [{ id: ids[1] }], meta: { total: 3, page: 2, per_page: 1 } });
      const defaults = await list({});
      expect(defaults.body.meta).toMatchObject({ page: 1, per_page: 25 });
    });

    it('filters by equality, any of a list and ranges', async () => {
      const only = await list({ filter: { id: ids[0] } });
      expect(only.body.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
      const range = await list({ sort: 'id', filter: { id_gte: ids[1], id_lte: ids[2] } });
      expect(range.body.data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[2]]);
      const text_ = await list({ filter: { [text]: 'Outro Registro Beta' } });
      expect(text_.body.meta.total).toBe(1);
    });

    it('answers 400 with a pt-BR message to malformed list parameters', async () => {
      for (const params of [
        { sort: 'nao_existe' }, { order: 'para cima' }, { filter: '{nao é json' }, { filter: '[1,2]' },
        { filter: { nao_existe: 1 } }, { filter: { id: 'abc' } }, { per_page: '501' }, { page: '0' }, { page: 'x' },
        { page: '1000', per_page: '500' },
      ]) {
        const response = await list(params);
        expect(response.status, JSON.stringify(params)).toBe(400);
        expect(response.body.message).toMatch(/[a-zà-ú]/);
      }
    });
  });
}
