/**
 * react-admin's stock simple-rest provider, unchanged, against `/api/rest`: its whole method set on
 * both databases, over the same permissions and audit as the contract's routes.
 */
import { fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { startTestServer, userWith, type TestServer } from './support/server.js';

const providerFor = (url: string, token: string | null): DataProvider =>
  simpleRestProvider(`${url}/api/rest`, (address: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(address, { ...options, headers });
  });

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`stock simple-rest provider on /api/rest [${kind}]`, () => {
    let server: TestServer;
    let rest: DataProvider;
    let url: string;
    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await server.app.listen({ port: 0, host: '127.0.0.1' });
      rest = providerFor(url, server.adminToken);
    }, 120_000);
    afterAll(() => server?.close());

    it('creates, reads one and many, lists with sort, range and search, updates, and deletes', async () => {
      const names = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Eco', 'Foxtrote', 'Golfe'].map((n) => `${n} ${kind}`);
      const created = [];
      for (const denomination of names) created.push((await rest.create('generos', { data: { denomination } })).data);
      expect(created.map((r) => r.denomination)).toEqual(names);

      const one = await rest.getOne('generos', { id: created[2].id });
      expect(one.data).toMatchObject({ id: created[2].id, denomination: names[2], inactivated: false });

      const many = await rest.getMany('generos', { ids: [created[0].id, created[4].id] });
      expect(many.data.map((r) => r.denomination).sort()).toEqual([names[0], names[4]]);

      const page2 = await rest.getList('generos', { pagination: { page: 2, perPage: 3 }, sort: { field: 'denomination', order: 'DESC' }, filter: { q: kind } });
      expect(page2.total).toBe(7);
      expect(page2.data.map((r) => r.denomination)).toEqual([names[3], names[2], names[1]]);

      const updated = await rest.update('generos', { id: created[1].id, data: { denomination: `Bravo alterado ${kind}` }, previousData: created[1] });
      expect(updated.data).toMatchObject({ id: created[1].id, denomination: `Bravo alterado ${kind}`, inactivated: false });

      const inactivated = await rest.updateMany('generos', { ids: [created[5].id, created[6].id], data: { inactivated: true } });
      expect(inactivated.data?.sort()).toEqual([created[5].id, created[6].id].sort());
      expect((await rest.getOne('generos', { id: created[6].id })).data).toMatchObject({ denomination: names[6], inactivated: true });

      const removed = await rest.delete('generos', { id: created[0].id, previousData: created[0] });
      expect(removed.data).toMatchObject({ id: created[0].id, denomination: names[0] });
      const removedMany = await rest.deleteMany('generos', { ids: [created[3].id, created[4].id] });
      expect(removedMany.data?.sort()).toEqual([created[3].id, created[4].id].sort());
      const left = await rest.getList('generos', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { q: kind } });
      expect(left.total).toBe(4);
      expect(left.data.map((r) => r.id)).toEqual([created[1].id, created[2].id, created[5].id, created[6].id]);

      const audits = await server.db.selectFrom('audits').select('event').where('module', '=', 'generos')
        .where('record_id', 'in', created.map((r) => r.id)).execute();
      const count = (event: string) => audits.filter((a) => a.event === event).length;
      expect([count('created'), count('updated'), count('deleted')]).toEqual([7, 3, 3]);
    });

    it('lists references of one record (getManyReference)', async () => {
      const uf = (await rest.create('uf', { data: { initials: 'QA', name: `Estado ${kind}`, ibge_code: 50 } })).data;
      for (const [i, name] of ['Cidade Um', 'Cidade Dois', 'Cidade Três'].entries()) {
        await rest.create('municipios', { data: { name, uf_id: uf.id, ibge_code: 5_000_001 + i } });
      }
      const cities = await rest.getManyReference('municipios', { target: 'uf_id', id: uf.id, pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(cities.total).toBe(3);
      expect(cities.data.map((r) => r.name)).toEqual(['Cidade Dois', 'Cidade Três']);
    });

    it('refuses what the contract refuses: no token, no permission, a stale version, an unaligned range', async () => {
      const anonymous = providerFor(url, null);
      await expect(anonymous.getList('generos', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toMatchObject({ status: 401 });
      const reader = await userWith(server, [{ name: 'genre.index' }, { name: 'genre.show' }]);
      const readOnly = providerFor(url, reader.token);
      expect((await readOnly.getList('generos', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).total).toBeGreaterThan(0);
      await expect(readOnly.create('generos', { data: { denomination: 'Sem permissão' } })).rejects.toMatchObject({ status: 403 });

      const record = (await rest.create('generos', { data: { denomination: `Versionado ${kind}` } })).data;
      await rest.update('generos', { id: record.id, data: { denomination: `Versionado 2 ${kind}` }, previousData: record });
      await expect(rest.update('generos', { id: record.id, data: { ...record, denomination: `Versionado 3 ${kind}` }, previousData: record }))
        .rejects.toMatchObject({ status: 409, message: expect.stringMatching(/alterado por outra pessoa/) });

      const unaligned = await fetch(`${url}/api/rest/generos?range=${encodeURIComponent('[3,7]')}`, { headers: { authorization: `Bearer ${server.adminToken}` } });
      expect(unaligned.status).toBe(400);
      expect((await unaligned.json()).message).toBe('O parâmetro range deve começar no início de uma página do seu tamanho.');
    });
  });
}
