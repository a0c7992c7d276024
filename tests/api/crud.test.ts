import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseDecimal } from '../../src/shared/decimals.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { creator, crudEntities, plainTextFields, validBody } from './support/bodies.js';
import { call, startTestServer, uploader, type TestServer } from './support/server.js';

for (const kind of DATABASE_KINDS) {
  describe(`every schema's resource [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
    });
    afterAll(() => server?.close());

    it('creates, reads, lists, updates and deletes a record of each entity', async () => {
      const create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
      for (const entity of crudEntities(server.model, server.app.resources)) {
        const body = await validBody(entity, create);
        const created = await api('POST', `/api/${entity.module}`, body);
        expect(created.status, `${entity.module}: ${JSON.stringify(created.body)}`).toBe(201);
        const id = created.body.data.id;
        expect(typeof id).toBe('number');
        // Sub-list items come back with their ids (tests/api/sublists.test.ts checks them); the module's hooks say which fields they set.
        const transformed = server.app.resources.traitsOf(entity.module).transforms;
        for (const field of entity.fields.filter((f) => f.inForm && f.kind !== 'money' && f.kind !== 'sublist' && !f.writeOnly && !transformed.has(f.name) && f.name in body)) {
          // A file field takes the upload's id and answers the file (name, size, type) under that id.
          // A decimal comes back as its column keeps it (`numeric(5,2)`: '12.5' answers '12.50'): the same number.
          const value = created.body.data[field.name];
          const asNumber = (decimal: unknown) => (field.kind === 'decimal' && typeof decimal === 'string' ? normaliseDecimal(decimal) : decimal);
          const answered = field.kind === 'file' ? value?.id : asNumber(value);
          expect(answered, `${entity.module}.${field.name}`).toEqual(asNumber(body[field.name]));
        }

        const shown = await api('GET', `/api/${entity.module}/${id}`);
        expect(shown.status).toBe(200);
        expect(shown.body.data.id).toBe(id);

        const listed = await api('GET', `/api/${entity.module}?per_page=500&filter=${encodeURIComponent(JSON.stringify({ id }))}`);
        expect(listed.status).toBe(200);
        expect(listed.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
        expect(listed.body.meta).toEqual({ total: 1, page: 1, per_page: 500 });

        const text = plainTextFields(entity)[0];
        const changed = { ...body, ...(text ? { [text.name]: `Alterado ${id} ${entity.module}` } : {}) };
        const updated = await api('PUT', `/api/${entity.module}/${id}`, changed);
        expect(updated.status, JSON.stringify(updated.body)).toBe(200);
        if (text) expect(updated.body.data[text.name]).toBe(changed[text.name]);

        const deleted = await api('DELETE', `/api/${entity.module}/${id}`);
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        expect((await api('GET', `/api/${entity.module}/${id}`)).status).toBe(404);
      }
    });

    it('sets inactivated_at when a record is inactivated and clears it when reactivated', async () => {
      const create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
      for (const entity of crudEntities(server.model, server.app.resources).filter((e) => e.inactivatable)) {
        const body = await validBody(entity, create);
        const { body: created } = await api('POST', `/api/${entity.module}`, body);
        expect(created.data, `${entity.module}: ${JSON.stringify(created)}`).toBeDefined();
        expect(created.data.inactivated).toBe(false);
        expect(created.data.inactivated_at).toBeNull();
        const off = await api('PUT', `/api/${entity.module}/${created.data.id}`, { ...body, inactivated: true });
        expect(off.body.data.inactivated).toBe(true);
        expect(Date.parse(off.body.data.inactivated_at)).toBeGreaterThan(Date.now() - 60_000);
        const on = await api('PUT', `/api/${entity.module}/${created.data.id}`, { ...body, inactivated: false });
        expect(on.body.data.inactivated_at).toBeNull();
      }
    });
  });
}
