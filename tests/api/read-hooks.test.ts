/**
 * Read hooks (src/server/core/resources/read-hooks.ts): what a feature adds to a module's list rows and to
 * one record, through both REST dialects, registered per module like write hooks; writes answer the
 * stored record alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineFeature } from '../../src/server/core/feature.js';
import { FEATURES } from '../../src/server/features.js';
import type { ReadHooks } from '../../src/server/core/resources/read-hooks.js';
import { ResourceRegistry } from '../../src/server/core/resources/registry.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, type TestServer } from './support/server.js';

/** A figure no column holds: how many genres share the first letter, read once per page. */
const sameLetter: ReadHooks = {
  async list(rows, { db }) {
    const all = await db.selectFrom('genres').select('denomination').execute();
    const letters = all.map((row) => String(row.denomination)[0]);
    for (const row of rows) row.same_letter = letters.filter((l) => l === String(row.denomination)[0]).length;
  },
  show(record) {
    record.letters = String(record.denomination).length;
  },
};
const readProbe = defineFeature({ name: 'read-probe' }, async (app) => {
  app.resources.readHooks('generos', sameLetter);
});

describe('the read-hook registry', () => {
  it('refuses a module no schema describes', () => {
    // @ts-expect-error 'genero' is not a module name (generated/modules.ts)
    expect(() => new ResourceRegistry([]).readHooks('genero', sameLetter)).toThrow("No module is named 'genero'");
  });
});

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`read hooks [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    beforeAll(async () => {
      server = await startTestServer(kind, { features: [...FEATURES, readProbe] });
      api = call(server, server.adminToken);
    }, 60_000);
    afterAll(() => server?.close());

    it("add computed fields to a list's rows and to one record, in both dialects, and store nothing", async () => {
      const created = await api('POST', '/api/generos', { denomination: 'Zeta leitura' });
      expect(created.status).toBe(201);
      expect(created.body.data).not.toHaveProperty('letters');
      await api('POST', '/api/generos', { denomination: 'Zulu leitura' });
      const list = await api('GET', '/api/generos?q=leitura');
      expect(list.body.data.map((r: Record<string, unknown>) => [r.denomination, r.same_letter])).toEqual([['Zeta leitura', 2], ['Zulu leitura', 2]]);
      const rest = await api('GET', '/api/rest/generos?q=leitura');
      expect(rest.body.map((r: Record<string, unknown>) => r.same_letter)).toEqual([2, 2]);
      const one = await api('GET', `/api/generos/${created.body.data.id}`);
      expect(one.body.data).toMatchObject({ denomination: 'Zeta leitura', letters: 12 });
      expect((await api('GET', `/api/rest/generos/${created.body.data.id}`)).body.letters).toBe(12);
      // Other modules are as they were.
      await api('POST', '/api/estados_civis', { denomination: 'Zelador leitura' });
      expect((await api('GET', '/api/estados_civis?q=leitura')).body.data[0]).not.toHaveProperty('same_letter');
    });
  });
}
