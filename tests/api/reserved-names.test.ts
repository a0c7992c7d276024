/**
 * Tables and columns named by SQL's reserved words (`order`, `user`, `end`, `check`, `default`,
 * `window`, `from`): the generator's migration quotes them, and the API creates, searches, filters,
 * sorts, edits and deletes such records on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

for (const kind of DATABASE_KINDS) {
  describe(`reserved words as names [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it('keeps records whose table and columns are reserved words', async () => {
      const specialty = (await api('POST', '/api/especialidades', { denomination: 'Plantão' })).body.data.id;
      const first = await api('POST', '/api/turnos', { user: 'Ana', end: '18:00', default: 2, check: specialty, window: [{ from: '08:00' }] });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.data).toMatchObject({ user: 'Ana', end: '18:00:00', default: 2, check: specialty, window: [{ from: '08:00:00' }] });
      expect((await api('POST', '/api/turnos', { user: 'Bruno', default: 1 })).status).toBe(201);
      const duplicate = await api('POST', '/api/turnos', { user: 'ana' });
      expect(duplicate.status).toBe(422);
      expect(Object.keys(duplicate.body.errors)).toEqual(['user']);

      expect((await api('GET', '/api/turnos?q=ana')).body.data.map((r: { user: string }) => r.user)).toEqual(['Ana']);
      const filtered = await api('GET', `/api/turnos?filter=${encodeURIComponent(JSON.stringify({ check: specialty }))}`);
      expect(filtered.body.data.map((r: { user: string }) => r.user)).toEqual(['Ana']);
      const sorted = await api('GET', '/api/turnos?sort=default&order=asc');
      expect(sorted.body.data.map((r: { user: string }) => r.user)).toEqual(['Bruno', 'Ana']);

      const edited = await api('PUT', `/api/turnos/${first.body.data.id}`, { user: 'Ana Souza', end: '19:00', window: [] });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({ user: 'Ana Souza', end: '19:00:00', window: [] });
      expect((await api('DELETE', `/api/turnos/${first.body.data.id}`)).status).toBe(200);
      expect((await api('GET', '/api/turnos')).body.data.map((r: { user: string }) => r.user)).toEqual(['Bruno']);
    });
  });
}
