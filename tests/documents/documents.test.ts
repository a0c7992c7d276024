/**
 * Document types and documents (spec 000) through the API, on PGlite and on PostgreSQL: the type's
 * rules, a document's file checked against its type's extensions and by its bytes, its metadata
 * against the type's entries, download, archive and unarchive (two at once too), history, and what
 * a caller without the permission, or of another kind of input, gets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { EXE, filesUnder, multipart, PDF, PNG } from '../files/support.js';
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_MS } from '../../src/server/core/resources/files.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

/** The start of a filled JasperReports report: Java's serialisation header. */
const JRPRINT = Buffer.concat([Buffer.from([0xac, 0xed, 0x00, 0x05]), Buffer.from('sr\u0000\u001cnet.sf.jasperreports.engine.JasperPrint')]);

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`documents [${kind}]`, () => {
    let server: TestServer;
    let dataDir: string;
    let typeId: number;
    let entries: { id: number; name: string }[];
    const admin = () => call(server, server.adminToken);

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'documents-'));
      server = await startTestServer(kind, { env: { DATA_DIR: dataDir } });
      const type = await admin()('POST', '/api/tipo_documento', {
        denomination: 'Certidão',
        accepted_extensions: ['pdf', 'png', 'jrprint'],
        physical: false,
        metadata: [
          { name: 'Número', type: 'integer', required: true },
          { name: 'Emitida em', type: 'date', required: true },
          { name: 'Valor', type: 'float', required: false },
          { name: 'Autenticada', type: 'boolean', required: false },
          { name: 'Cartório', type: 'string', required: false },
        ],
      });
      expect(type.status, JSON.stringify(type.body)).toBe(201);
      typeId = type.body.data.id;
      entries = type.body.data.metadata;
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const upload = async (name: string, bytes: Buffer, token = server.adminToken) => {
      const body = multipart(name, bytes);
      const response = await server.app.inject({ method: 'POST', url: '/api/documento/files/document', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
      return { status: response.statusCode, body: response.json() };
    };
    const uploadedId = async (name: string, bytes: Buffer) => {
      const answer = await upload(name, bytes);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data.id as string;
    };
    const metadata = (number: unknown = 42, issued: unknown = '2026-11-02', more: Record<number, unknown> = {}) => [
      { id: entries[0].id, value: number },
      { id: entries[1].id, value: issued },
      ...Object.entries(more).map(([index, value]) => ({ id: entries[Number(index)].id, value })),
    ];
    const documentBody = async (fields: Record<string, unknown> = {}) => ({
      document_type_id: typeId, name: 'Certidão de regularidade', date: '2026-11-24', notes: 'Entregue no balcão.',
      document: await uploadedId('certidao.pdf', PDF), metadata: metadata(), ...fields,
    });
    const download = (id: number, token = server.adminToken) =>
      server.app.inject({ method: 'GET', url: `/api/documento/${id}/download`, headers: { authorization: `Bearer ${token}` } });

    it('asks for a type\'s denomination, extensions and at least one metadata entry with name and type', async () => {
      const empty = await admin()('POST', '/api/tipo_documento', {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual(['accepted_extensions', 'denomination', 'metadata']);
      const noEntries = await admin()('POST', '/api/tipo_documento', { denomination: 'Ofício', accepted_extensions: ['pdf'], metadata: [] });
      expect(noEntries.status).toBe(422);
      expect(Object.keys(noEntries.body.errors)).toEqual(['metadata']);
      const nameless = await admin()('POST', '/api/tipo_documento', { denomination: 'Ofício', accepted_extensions: ['pdf'], metadata: [{ type: 'qualquer' }] });
      expect(nameless.status).toBe(422);
      expect(Object.keys(nameless.body.errors).sort()).toEqual(['metadata.0.name', 'metadata.0.type']);
    });

    it('keeps a document with its metadata named and typed, its extension and its type\'s physical flag', async () => {
      const created = await admin()('POST', '/api/documento', await documentBody({ metadata: metadata('  7 ', '2026-02-28', { 2: '1234,50', 3: true, 4: '  1º Ofício ' }) }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Certidão de regularidade', date: '2026-11-24', file_extension: 'pdf', physical: false, filed: false, filed_at: null });
      expect(created.body.data.metadata).toEqual([
        { id: entries[0].id, name: 'Número', type: 'integer', required: true, value: 7 },
        { id: entries[1].id, name: 'Emitida em', type: 'date', required: true, value: '2026-02-28' },
        { id: entries[2].id, name: 'Valor', type: 'float', required: false, value: '1234.5' },
        { id: entries[3].id, name: 'Autenticada', type: 'boolean', required: false, value: true },
        { id: entries[4].id, name: 'Cartório', type: 'string', required: false, value: '1º Ofício' },
      ]);
      const shown = await admin()('GET', `/api/documento/${created.body.data.id}`);
      expect(shown.body.data.metadata).toEqual(created.body.data.metadata);
    });

    it('refuses each metadata value that is missing or not of its type, on its entry', async () => {
      const answer = await admin()('POST', '/api/documento', await documentBody({ metadata: metadata(null, '2026-02-30', { 2: '1,2,3', 3: 'sim', 4: 'x'.repeat(1001) }) }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        'metadata.0.value': ['O campo Número é obrigatório.'],
        'metadata.1.value': ['O campo Emitida em deve ser uma data válida.'],
        'metadata.2.value': ['O campo Valor deve ser um número.'],
        'metadata.3.value': ['O campo Autenticada deve ser Sim ou Não.'],
        'metadata.4.value': ['O campo Cartório deve ser um texto de até 1000 caracteres.'],
      });
      const missing = await admin()('POST', '/api/documento', await documentBody({ metadata: undefined }));
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['metadata.0.value', 'metadata.1.value']);
      const foreign = await admin()('POST', '/api/documento', await documentBody({ metadata: [...metadata(), { id: 999_999, value: 1 }] }));
      expect(foreign.body.errors).toEqual({ 'metadata.2.id': ['Este metadado não pertence ao tipo de documento.'] });
      for (const hostile of ['texto', 12, { a: 1 }, [null], [[1]], [{ id: 'x', value: 1 }]]) {
        const bad = await admin()('POST', '/api/documento', await documentBody({ metadata: hostile }));
        expect(bad.status, JSON.stringify(hostile)).toBe(422);
      }
      expect(await server.db.selectFrom('documents').select('id').where('notes', '=', 'nunca').execute()).toEqual([]);
    });

    it('refuses a file whose extension the type does not accept, and a program disguised as one', async () => {
      const png = await admin()('POST', '/api/documento', await documentBody({ document: await uploadedId('foto.png', PNG) }));
      expect(png.status, JSON.stringify(png.body)).toBe(201);
      const text = await admin()('POST', '/api/documento', await documentBody({ document: await uploadedId('leia.txt', Buffer.from('texto simples\n')) }));
      expect(text.status).toBe(422);
      expect(text.body.errors).toEqual({ document: ['Arquivo com extensão inválida.'] });
      const jrprint = await admin()('POST', '/api/documento', await documentBody({ document: await uploadedId('relatorio.jrprint', JRPRINT) }));
      expect(jrprint.status, JSON.stringify(jrprint.body)).toBe(201);
      expect(jrprint.body.data.file_extension).toBe('jrprint');
      for (const hostile of [{ id: -9, campo: { valor: 1 } }, { id: 'x'.repeat(65) }, 12, ['a']]) {
        const bad = await admin()('POST', '/api/documento', await documentBody({ document: hostile }));
        expect(bad.status, JSON.stringify(hostile)).toBe(422);
        expect(Object.keys(bad.body.errors), JSON.stringify(hostile)).toEqual(['document']);
      }
      const disguised = await upload('certidao.pdf', EXE);
      expect(disguised.status).toBe(422);
      expect(Object.keys(disguised.body.errors)).toEqual(['document']);
    });

    it('downloads the file as an attachment named by the document, byte for byte, and not another space\'s or a missing one', async () => {
      const created = await admin()('POST', '/api/documento', await documentBody({ name: 'Ofício nº 12/2026' }));
      const answer = await download(created.body.data.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(PDF)).toBe(true);
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="Oficio n_ 12-2026\.pdf"; /);
      expect(answer.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Ofício nº 12-2026.pdf')}`);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-type']).toBe('application/pdf');
      for (const id of ['999999', 'abc', '-1']) {
        const missing = await server.app.inject({ method: 'GET', url: `/api/documento/${id}/download`, headers: { authorization: `Bearer ${server.adminToken}` } });
        expect(missing.statusCode, id).toBe(404);
        expect(missing.json().message).toBe('Documento não encontrado.');
      }
    });

    it('archives and unarchives with their audit rows, once each when two people do it at once', async () => {
      const { body } = await admin()('POST', '/api/documento', await documentBody());
      const id = body.data.id;
      const both = await Promise.all([admin()('POST', `/api/documento/${id}/archive`), admin()('POST', `/api/documento/${id}/archive`)]);
      expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(both.find((a) => a.status === 409)!.body.message).toBe('Este documento já está arquivado.');
      const archived = both.find((a) => a.status === 200)!.body.data;
      expect(archived.filed).toBe(true);
      expect(Date.now() - Date.parse(archived.filed_at)).toBeLessThan(60_000);
      const { id: _id, created_at: _c, updated_at: _u, inactivated_at: _i, file_extension: _e, physical: _p, filed: _f, filed_at: _fa, entity_type: _t, entity_id: _ei, ...shown } = archived;
      const edit = await admin()('PUT', `/api/documento/${id}`, { ...shown, name: 'Outro nome' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe('Documento arquivado não pode ser alterado; desarquive-o antes.');
      const list = await admin()('GET', `/api/documento?per_page=100&filter=${encodeURIComponent('{"filed":true}')}`);
      expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
      const notFiled = await admin()('GET', `/api/documento?per_page=100&filter=${encodeURIComponent('{"filed":false}')}`);
      expect(notFiled.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
      const undo = await Promise.all([admin()('POST', `/api/documento/${id}/unarchive`), admin()('POST', `/api/documento/${id}/unarchive`)]);
      expect(undo.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(undo.find((a) => a.status === 409)!.body.message).toBe('Este documento não está arquivado.');
      const history = await admin()('GET', `/api/documento/${id}/history`);
      expect(history.status).toBe(200);
      expect(history.body.data.map((row: { event: string }) => row.event)).toEqual(['unarchived', 'archived', 'created']);
      expect(history.body.data[0]).toMatchObject({ old_values: { filed: true }, new_values: { filed: false, filed_at: null }, user_email: 'admin@example.com' });
    });

    it('never archives a document of a physical type', async () => {
      const physical = await admin()('POST', '/api/tipo_documento', { denomination: 'Processo em papel', accepted_extensions: ['pdf'], physical: true, metadata: [{ name: 'Caixa', type: 'string', required: false }] });
      expect(physical.status, JSON.stringify(physical.body)).toBe(201);
      const created = await admin()('POST', '/api/documento', await documentBody({ document_type_id: physical.body.data.id, metadata: [] }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.physical).toBe(true);
      const answer = await admin()('POST', `/api/documento/${created.body.data.id}/archive`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Documento de tipo físico não pode ser arquivado.');
      expect((await admin()('GET', `/api/documento/${created.body.data.id}`)).body.data.filed).toBe(false);
    });

    it('lets only holders of the document permissions see, download, archive or read the history', async () => {
      const { body } = await admin()('POST', '/api/documento', await documentBody());
      const id = body.data.id;
      const nobody = await userWith(server, []);
      const reader = await userWith(server, [{ name: 'document.show' }]);
      const as = (token: string | null) => call(server, token);
      expect((await download(id, nobody.token!)).statusCode).toBe(403);
      expect((await as(nobody.token)('GET', `/api/documento/${id}/history`)).status).toBe(403);
      expect((await as(reader.token)('GET', `/api/documento/${id}/history`)).status).toBe(200);
      expect((await download(id, reader.token!)).statusCode).toBe(200);
      expect((await as(reader.token)('POST', `/api/documento/${id}/archive`)).status).toBe(403);
      expect((await admin()('GET', `/api/documento/${id}`)).body.data.filed).toBe(false);
    });

    it('keeps no file of a refused document once the day\'s uploads are swept', async () => {
      const before = new Set(filesUnder(join(dataDir, 'files')));
      const refused = await admin()('POST', '/api/documento', await documentBody({ metadata: metadata(null) }));
      expect(refused.status).toBe(422);
      // The upload waits a day for a save to claim it; nothing else was stored.
      const waiting = filesUnder(join(dataDir, 'files')).filter((file) => !before.has(file));
      expect(waiting).toHaveLength(1);
      const unclaimed = () => server.db.selectFrom('files').select('id').where('module', '=', 'documento').where('record_id', 'is', null).execute();
      expect((await unclaimed()).length).toBeGreaterThan(0);
      // A day and an hour later, the sweep every upload runs removes its row and its bytes.
      const storages = server.app.resources.filesOfSpace({ name: 'default', isDefault: true, db: server.db })!;
      await sweepUnclaimedUploads(server.db, storages, Date.now() + UNCLAIMED_UPLOAD_MS + 60 * 60 * 1000);
      expect(await unclaimed()).toEqual([]);
      expect(filesUnder(join(dataDir, 'files'))).not.toContain(waiting[0]);
    });
  });
}
