/**
 * The documents of a record (`x-documents`), on a copy of the product's model with the fixture
 * `processos` that declares them, on PGlite and on PostgreSQL: the batch store with `with_errors`,
 * the record's list with the Todos / Arquivados / Não Arquivados filter, permissions, a record that
 * is not there, and the documents leaving with their record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgainstMetaSchema, loadSchemaFiles, normalise } from '../../language/index.js';
import { writeFixtureMigrations, type FixtureMigrations } from '../api/fixtures/model.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { filesUnder, multipart, PDF } from '../files/support.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const ROOT = resolve(import.meta.dirname, '../..');
const files = [...loadSchemaFiles(ROOT), ...loadSchemaFiles(ROOT, join(import.meta.dirname, 'fixtures'))];
files.forEach(checkAgainstMetaSchema);
const model = normalise(files);
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`documents of a record [${kind}]`, () => {
    let server: TestServer;
    let dataDir: string;
    let typeId: number;
    let entryId: number;
    let processId: number;
    const admin = () => call(server, server.adminToken);

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'attached-'));
      server = await startTestServer(kind, { model, migrations: migrations.set, platform: true, env: { DATA_DIR: dataDir } });
      const type = await admin()('POST', '/api/tipo_documento', { denomination: 'Ofício', accepted_extensions: ['pdf'], metadata: [{ name: 'Número', type: 'integer', required: true }] });
      expect(type.status, JSON.stringify(type.body)).toBe(201);
      typeId = type.body.data.id;
      entryId = type.body.data.metadata[0].id;
      const process = await admin()('POST', '/api/processos', { subject: 'Denúncia 12/2026' });
      expect(process.status, JSON.stringify(process.body)).toBe(201);
      processId = process.body.data.id;
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const uploadedId = async () => {
      const body = multipart('oficio.pdf', PDF);
      const response = await server.app.inject({ method: 'POST', url: '/api/documento/files/document', headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const item = async (name: string, number: unknown = 1) => ({ document_type_id: typeId, name, date: '2026-11-24', document: await uploadedId(), metadata: [{ id: entryId, value: number }] });

    it('stores a batch, saving the good rows and naming what is wrong with the others', async () => {
      const answer = await admin()('POST', `/api/processos/${processId}/documents/store`, { documents: [await item('Ofício 1'), await item('Ofício sem número', null), await item('Ofício 2')] });
      expect(answer.status).toBe(200);
      expect(answer.body.with_errors).toBe(true);
      expect(answer.body.data.map((row: { success: boolean }) => row.success)).toEqual([true, false, true]);
      expect(answer.body.data[1].errors).toEqual({ 'metadata.0.value': ['O campo Número é obrigatório.'] });
      expect(answer.body.data[0].data).toMatchObject({ name: 'Ofício 1', entity_type: 'processos', entity_id: processId });
      const clean = await admin()('POST', `/api/processos/${processId}/documents/store`, { documents: [await item('Ofício 3')] });
      expect(clean.status).toBe(201);
      expect(clean.body.with_errors).toBe(false);
    });

    it('lists the record\'s documents, newest first, with the Todos, Arquivados and Não Arquivados filter', async () => {
      const all = await admin()('GET', `/api/processos/${processId}/documents`);
      expect(all.status).toBe(200);
      expect(all.body.data.map((d: { name: string }) => d.name)).toEqual(['Ofício 3', 'Ofício 2', 'Ofício 1']);
      expect(all.body.data[0]).toMatchObject({ document_type: 'Ofício', file_extension: 'pdf', filed: false });
      expect(all.body.total).toBe(3);
      const archived = await admin()('POST', `/api/documento/${all.body.data[1].id}/archive`);
      expect(archived.status).toBe(200);
      const names = async (filter: string) => (await admin()('GET', `/api/processos/${processId}/documents?filter=${filter}`)).body.data.map((d: { name: string }) => d.name);
      expect(await names('2')).toEqual(['Ofício 2']);
      expect(await names('3')).toEqual(['Ofício 3', 'Ofício 1']);
      expect(await names('1')).toHaveLength(3);
      expect((await admin()('GET', `/api/processos/${processId}/documents?filter=9`)).status).toBe(400);
      // Not attached through the record, a document is not the record's.
      const loose = await admin()('POST', '/api/documento', await item('Solto'));
      expect(loose.status).toBe(201);
      expect(await names('1')).not.toContain('Solto');
    });

    it('answers 404 for a record that is not there, and refuses bodies that are no batch', async () => {
      for (const id of ['999999', 'x', '0']) {
        expect((await admin()('GET', `/api/processos/${id}/documents`)).status, id).toBe(404);
        expect((await admin()('POST', `/api/processos/${id}/documents/store`, { documents: [] })).status, id).toBe(404);
      }
      for (const body of [{}, { documents: [] }, { documents: 'x' }, [], 12, { documents: Array.from({ length: 51 }, () => ({})) }]) {
        const answer = await admin()('POST', `/api/processos/${processId}/documents/store`, body);
        expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      }
      const hostile = await admin()('POST', `/api/processos/${processId}/documents/store`, { documents: [null, 7, 'x', [], { name: {} }] });
      expect(hostile.status).toBe(200);
      expect(hostile.body.data.map((row: { success: boolean }) => row.success)).toEqual([false, false, false, false, false]);
    });

    it('lets only who may see the record list its documents, and only who may update it attach', async () => {
      const reader = await userWith(server, [{ name: 'process.show' }, { name: 'document.index' }]);
      const onlyRecord = await userWith(server, [{ name: 'process.show' }, { name: 'process.update' }]);
      expect((await call(server, reader.token)('GET', `/api/processos/${processId}/documents`)).status).toBe(200);
      expect((await call(server, reader.token)('POST', `/api/processos/${processId}/documents/store`, { documents: [await item('X')] })).status).toBe(403);
      expect((await call(server, onlyRecord.token)('GET', `/api/processos/${processId}/documents`)).status).toBe(403);
      expect((await call(server, onlyRecord.token)('POST', `/api/processos/${processId}/documents/store`, { documents: [await item('X')] })).status).toBe(403);
    });

    it('deletes the record\'s documents and their files with it', async () => {
      const before = filesUnder(join(dataDir, 'files')).length;
      const attached = (await admin()('GET', `/api/processos/${processId}/documents`)).body.data.length;
      expect(attached).toBe(3);
      const deleted = await admin()('DELETE', `/api/processos/${processId}`);
      expect(deleted.status).toBe(200);
      const left = await server.db.selectFrom('documents').select('id').where('entity_type', '=', 'processos').where('entity_id', '=', processId).execute();
      expect(left).toEqual([]);
      expect(filesUnder(join(dataDir, 'files')).length).toBe(before - attached);
    });
  });
}
