/**
 * Saves that start from a version of the record (`updated_at` in the body, or `If-Match`): one saved
 * over someone else's change is refused whole with 409, however many arrive at once; without a
 * version the last write wins, as before. On the fixture contact, whose telephones are a sub-list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_RECORD_CODE, STALE_RECORD_MESSAGE } from '../../src/server/core/resources/versions.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

// The code tells a stale save from the other 409s a save may get (an action concluded, a record in use).
const STALE = { status: 409, body: { message: STALE_RECORD_MESSAGE, code: STALE_RECORD_CODE } };
const phone = (n: number) => `(11) 4${String(n).padStart(3, '0')}-${String(n).padStart(4, '0')}`;

for (const kind of DATABASE_KINDS) {
  describe(`saves over someone else's change [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;

    const auditRows = async (recordId: number) =>
      server.db.selectFrom('audits').select(['event', 'new_values']).where('module', '=', 'contatos').where('record_id', '=', recordId).orderBy('id').execute();
    const telephoneRows = async (contactId: number) =>
      server.db.selectFrom('contact_telephones').select(['id', 'number']).where('contact_id', '=', contactId).orderBy('id').execute();
    const createContact = async (name: string, count: number) => {
      const telephones = Array.from({ length: count }, (_, i) => ({ number: phone(i + 1), main: i === 0 }));
      const response = await api('POST', '/api/contatos', { name, telephones });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    const put = (id: number, payload: object, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'PUT', url: `/api/contatos/${id}`, payload, headers: { authorization: `Bearer ${server.adminToken}`, ...headers } });

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
    }, 60_000);
    afterAll(() => server?.close());

    it('lets exactly one of 60 simultaneous saves from the same version through, sub-list and all', async () => {
      const opened = await createContact('Ana Original', 2);
      const attempts = Array.from({ length: 60 }, (_, n) => ({
        ...opened,
        name: `Ana versão ${n}`,
        // Each attempt keeps the first telephone, renumbers it and adds n + 1 new ones.
        telephones: [{ ...opened.telephones[0], number: phone(500 + n) }, ...Array.from({ length: n + 1 }, (_, i) => ({ number: phone(600 + i), main: false }))],
      }));
      const answers = await Promise.all(attempts.map((body) => api('PUT', `/api/contatos/${opened.id}`, body)));

      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200)).toEqual(Array.from({ length: 59 }, () => STALE));
      const winner = won[0].body.data;
      const n = Number(/\d+$/.exec(winner.name)![0]);
      expect(winner.telephones.map((t: { number: string }) => t.number)).toEqual(attempts[n].telephones.map((t: { number: string }) => t.number));
      expect((await api('GET', `/api/contatos/${opened.id}`)).body.data).toEqual(winner);
      expect((await telephoneRows(opened.id)).map((row) => row.number)).toEqual(attempts[n].telephones.map((t: { number: string }) => t.number));
      expect((await auditRows(opened.id)).map((row) => row.event)).toEqual(['created', 'updated']);
    }, 60_000);

    it('refuses a save from a version someone else has replaced, writing nothing and no audit row', async () => {
      const opened = await createContact('Bruno Original', 2);
      const first = await api('PUT', `/api/contatos/${opened.id}`, { ...opened, name: 'Bruno Primeiro' });
      expect(first.status).toBe(200);
      expect(first.body.data.updated_at).not.toBe(opened.updated_at);

      const second = await api('PUT', `/api/contatos/${opened.id}`, { ...opened, name: 'Bruno Segundo', telephones: [] });
      expect(second).toEqual(STALE);
      expect((await api('GET', `/api/contatos/${opened.id}`)).body.data).toEqual(first.body.data);
      expect(await telephoneRows(opened.id)).toHaveLength(2);
      expect((await auditRows(opened.id)).map((row) => row.event)).toEqual(['created', 'updated']);
    });

    it('saves from the current version, each save leaving a new one even within the same millisecond', async () => {
      // Created by the column default, so the stored version has microseconds the JSON does not carry.
      let record = await createContact('Carla Original', 1);
      const versions = [record.updated_at];
      for (let i = 0; i < 8; i++) {
        const saved = await api('PUT', `/api/contatos/${record.id}`, { ...record, name: `Carla ${i}` });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        record = saved.body.data;
        versions.push(record.updated_at);
      }
      expect(new Set(versions).size).toBe(versions.length);
      expect(versions.map((v) => Date.parse(v))).toEqual([...versions.map((v) => Date.parse(v))].sort((a, b) => a - b));
      expect((await api('GET', `/api/contatos/${record.id}`)).body.data).toEqual(record);
    });

    it('refuses a stale save of a sub-list whole, however small the change', async () => {
      const opened = await createContact('Davi Original', 3);
      const other = await api('PUT', `/api/contatos/${opened.id}`, { ...opened, telephones: opened.telephones.slice(0, 2) });
      expect(other.status).toBe(200);
      const stale = await api('PUT', `/api/contatos/${opened.id}`, {
        name: opened.name,
        updated_at: opened.updated_at,
        telephones: [...opened.telephones, { number: phone(900), main: false }],
      });
      expect(stale).toEqual(STALE);
      expect((await telephoneRows(opened.id)).map((row) => row.id)).toEqual(opened.telephones.slice(0, 2).map((t: { id: number }) => t.id));
    });

    it('gives an ETag with the record and checks If-Match against it', async () => {
      const opened = await createContact('Elisa Original', 1);
      const read = await server.app.inject({ method: 'GET', url: `/api/contatos/${opened.id}`, headers: { authorization: `Bearer ${server.adminToken}` } });
      const tag = read.headers.etag as string;
      expect(tag).toBe(`"${Date.parse(opened.updated_at)}"`);

      const saved = await put(opened.id, { name: 'Elisa Primeira' }, { 'if-match': tag });
      expect(saved.statusCode).toBe(200);
      expect(saved.headers.etag).toBe(`"${Date.parse(saved.json().data.updated_at)}"`);
      const stale = await put(opened.id, { name: 'Elisa Atrasada' }, { 'if-match': tag });
      expect({ status: stale.statusCode, body: stale.json() }).toEqual(STALE);
      // The header and the body must both name the current version.
      const mixed = await put(opened.id, { name: 'Elisa Mista', updated_at: saved.json().data.updated_at }, { 'if-match': tag });
      expect(mixed.statusCode).toBe(409);
      expect((await put(opened.id, { name: 'Elisa Qualquer' }, { 'if-match': '*' })).statusCode).toBe(200);
      expect((await api('GET', `/api/contatos/${opened.id}`)).body.data.name).toBe('Elisa Qualquer');
    });

    it('keeps last write wins for a save that names no version, and refuses a version that is no date', async () => {
      const opened = await createContact('Fábio Original', 1);
      expect((await api('PUT', `/api/contatos/${opened.id}`, { name: 'Fábio Um' })).status).toBe(200);
      const { updated_at: _version, ...withoutVersion } = opened;
      const blind = await api('PUT', `/api/contatos/${opened.id}`, { ...withoutVersion, name: 'Fábio Dois' });
      expect(blind.status).toBe(200);
      expect(blind.body.data.name).toBe('Fábio Dois');
      const garbled = await api('PUT', `/api/contatos/${opened.id}`, { name: 'Fábio Três', updated_at: 'ontem' });
      expect(garbled.status).toBe(422);
      expect(garbled.body.errors).toEqual({ updated_at: ['A versão do registro (updated_at) é inválida.'] });
      expect((await api('PUT', '/api/contatos/987654321', { name: 'Ninguém', updated_at: opened.updated_at })).status).toBe(404);
    });

    it('refuses a stale save of the signed-in user\'s own profile', async () => {
      const profile = (await api('GET', '/api/perfil')).body.data;
      const first = await api('PUT', '/api/perfil', { ...profile, name: 'Administração Central' });
      expect(first.status).toBe(200);
      const stale = await api('PUT', '/api/perfil', { ...profile, name: 'Administração Antiga' });
      expect(stale).toEqual(STALE);
      expect((await api('GET', '/api/perfil')).body.data.name).toBe('Administração Central');
      const current = await api('PUT', '/api/perfil', { ...first.body.data, name: 'Administração Nova' });
      expect(current.status).toBe(200);
      const concurrent = await Promise.all(Array.from({ length: 20 }, (_, n) => api('PUT', '/api/perfil', { ...current.body.data, name: `Administração ${n}` })));
      expect(concurrent.filter((a) => a.status === 200)).toHaveLength(1);
      expect(concurrent.filter((a) => a.status === 409)).toHaveLength(19);
    });
  });
}
