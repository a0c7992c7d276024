/**
 * File fields through the API, on the fixture `laudos` (a required document: pdf, png, jpg or txt up
 * to 1 MB; an optional signature image up to 20 KB): upload, attach, download, replace, remove,
 * delete, and what a hostile upload gets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from '../api/fixtures/model.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { EXE, filesUnder, multipart, PDF, PNG } from './support.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`file fields [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let dataDir: string;
    const stored = () => filesUnder(join(dataDir, 'files'));
    const rows = async () => server.db.selectFrom('files').selectAll().orderBy('created_at').execute();

    const upload = async (field: string, name: string, bytes: Buffer, token = server.adminToken) => {
      const body = multipart(name, bytes);
      const response = await server.app.inject({ method: 'POST', url: `/api/laudos/files/${field}`, headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
      return { status: response.statusCode, body: response.json() };
    };
    const uploaded = async (field: string, name: string, bytes: Buffer) => {
      const response = await upload(field, name, bytes);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data as { id: string; name: string; size: number; content_type: string };
    };
    const download = (id: number, field: string, token: string | null = server.adminToken) =>
      server.app.inject({ method: 'GET', url: `/api/laudos/${id}/files/${field}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'arquivos-'));
      server = await startTestServer(kind, { model, migrations: migrations.set, env: { DATA_DIR: dataDir } });
      api = call(server, server.adminToken);
    });
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('uploads a file, attaches it to a new record and serves it back as an attachment', async () => {
      const file = await uploaded('document', 'Relatório de inspeção.pdf', PDF);
      expect(file).toEqual({ id: expect.any(String), name: 'Relatório de inspeção.pdf', size: PDF.length, content_type: 'application/pdf' });
      const created = await api('POST', '/api/laudos', { title: 'Vistoria', document: file.id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.document).toEqual(file);
      expect(created.body.data.signature).toBeNull();
      expect((await api('GET', `/api/laudos/${created.body.data.id}`)).body.data.document).toEqual(file);

      const response = await download(created.body.data.id, 'document');
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PDF)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Relatorio de inspecao.pdf"; filename*=UTF-8''Relat%C3%B3rio%20de%20inspe%C3%A7%C3%A3o.pdf`);
      // The record keeps the file's id; the bytes are in the storage, under a key of the server's making.
      expect(await server.db.selectFrom('expert_reports').select('document').where('id', '=', created.body.data.id).executeTakeFirst()).toEqual({ document: file.id });
      expect(stored()).toContain(join('laudos', 'document', file.id));
    });

    it('saves again a record read back, file and all, without touching the file', async () => {
      const file = await uploaded('document', 'a.pdf', PDF);
      const { body } = await api('POST', '/api/laudos', { title: 'Releitura', document: file.id });
      const again = await api('PUT', `/api/laudos/${body.data.id}`, { ...body.data, title: 'Releitura 2' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.document).toEqual(file);
      expect((await download(body.data.id, 'document')).statusCode).toBe(200);
    });

    it('replaces a file: the new one is served and the old one leaves the storage', async () => {
      const first = await uploaded('document', 'primeiro.pdf', PDF);
      const { body } = await api('POST', '/api/laudos', { title: 'Troca', document: first.id });
      const second = await uploaded('document', 'segundo.png', PNG);
      const replaced = await api('PUT', `/api/laudos/${body.data.id}`, { title: 'Troca', document: second.id });
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      expect(replaced.body.data.document).toEqual({ ...second, content_type: 'image/png' });
      const response = await download(body.data.id, 'document');
      expect(response.rawPayload.equals(PNG)).toBe(true);
      expect(stored()).not.toContain(join('laudos', 'document', first.id));
      expect((await rows()).map((row) => row.id)).not.toContain(first.id);
    });

    it('removes an optional file with null, and deleting a record removes its files', async () => {
      const document = await uploaded('document', 'doc.pdf', PDF);
      const signature = await uploaded('signature', 'assinatura.png', PNG);
      const { body } = await api('POST', '/api/laudos', { title: 'Assinado', document: document.id, signature: signature.id });
      expect(body.data.signature).toEqual(signature);
      const removed = await api('PUT', `/api/laudos/${body.data.id}`, { ...body.data, signature: null });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.data.signature).toBeNull();
      expect((await download(body.data.id, 'signature')).statusCode).toBe(404);
      expect(stored()).not.toContain(join('laudos', 'signature', signature.id));

      expect((await api('DELETE', `/api/laudos/${body.data.id}`)).status).toBe(200);
      expect(stored()).not.toContain(join('laudos', 'document', document.id));
      expect((await rows()).map((row) => row.id)).not.toContain(document.id);
    });

    it('answers 422 on the field for a missing file, an unknown id, or a file of another record or field', async () => {
      const count = async () => (await server.db.selectFrom('expert_reports').select('id').execute()).length;
      const before = await count();
      expect((await api('POST', '/api/laudos', { title: 'Sem arquivo' })).body.errors).toEqual({ document: ['O campo Documento é obrigatório.'] });
      expect((await api('POST', '/api/laudos', { title: 'Sem arquivo', document: '' })).body.errors).toEqual({ document: ['O campo Documento é obrigatório.'] });
      const unknown = await api('POST', '/api/laudos', { title: 'Inventado', document: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ document: ['O arquivo enviado não foi encontrado; envie-o novamente.'] });

      const file = await uploaded('document', 'dono.pdf', PDF);
      await api('POST', '/api/laudos', { title: 'Dono', document: file.id });
      const taken = await api('POST', '/api/laudos', { title: 'Outro', document: file.id });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ document: ['O arquivo enviado não foi encontrado; envie-o novamente.'] });

      const signature = await uploaded('signature', 'assinatura.png', PNG);
      const wrongField = await api('POST', '/api/laudos', { title: 'Campo errado', document: signature.id });
      expect(wrongField.body.errors).toEqual({ document: ['O arquivo enviado não foi encontrado; envie-o novamente.'] });
      expect(await count()).toBe(before + 1);
    });

    it('keeps an upload usable when the record it was sent with is refused', async () => {
      const file = await uploaded('document', 'reuso.pdf', PDF);
      const refused = await api('POST', '/api/laudos', { title: '', document: file.id });
      expect(refused.status).toBe(422);
      expect((await api('POST', '/api/laudos', { title: 'Reuso', document: file.id })).status).toBe(201);
    });

    it('refuses content of a type the field does not take, whatever its name says', async () => {
      const before = { rows: (await rows()).length, stored: stored().length };
      expect(await upload('document', 'contrato.pdf', EXE)).toEqual({ status: 422, body: expect.objectContaining({ errors: { document: ['O arquivo enviado não é do tipo permitido: pdf, png, jpg, txt.'] } }) });
      expect((await upload('signature', 'assinatura.png', PDF)).body.errors).toEqual({ signature: ['O arquivo enviado não é do tipo permitido: png, jpg.'] });
      expect((await upload('document', 'notas.txt', Buffer.from([0x41, 0x00, 0x42, 0xff]))).body.errors).toEqual({ document: ['O arquivo enviado não é do tipo permitido: pdf, png, jpg, txt.'] });
      expect((await upload('document', 'vazio.pdf', Buffer.alloc(0))).body.errors).toEqual({ document: ['O arquivo enviado está vazio.'] });
      expect({ rows: (await rows()).length, stored: stored().length }).toEqual(before);
    });

    it('accepts plain text in UTF-8 as txt', async () => {
      const file = await uploaded('document', 'observações.txt', Buffer.from('Inspeção concluída às 14h.\n', 'utf8'));
      expect(file.content_type).toBe('text/plain; charset=utf-8');
    });

    it('refuses a file over the field\'s limit, and a huge body, without keeping any of it', async () => {
      const before = { rows: (await rows()).length, stored: stored().length };
      const over = Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]);
      expect((await upload('document', 'grande.pdf', over)).body.errors).toEqual({ document: ['O arquivo excede o tamanho máximo de 1 MB.'] });
      const huge = Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024)]);
      const response = await upload('document', 'enorme.pdf', huge);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ document: ['O arquivo excede o tamanho máximo de 1 MB.'] });
      expect((await upload('signature', 'assinatura.png', Buffer.concat([PNG, Buffer.alloc(21 * 1024)]))).body.errors).toEqual({ signature: ['O arquivo excede o tamanho máximo de 20 KB.'] });
      expect({ rows: (await rows()).length, stored: stored().length }).toEqual(before);
    });

    it('keeps only the last part of a name that tries to climb out of the folder', async () => {
      const file = await uploaded('document', '../../../etc/passwd.pdf', PDF);
      expect(file.name).toBe('passwd.pdf');
      const windows = await uploaded('document', '..\\..\\Windows\\boot.pdf', PDF);
      expect(windows.name).toBe('boot.pdf');
      expect(stored().every((path) => path.startsWith(join('laudos', 'document')) || path.startsWith(join('laudos', 'signature')))).toBe(true);
    });

    it('answers 422 to an upload that is not multipart, and 404 to a field that holds no file', async () => {
      const response = await api('POST', '/api/laudos/files/document', { file: 'abc' });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ document: ['Nenhum arquivo foi enviado.'] });
      expect((await upload('title', 'x.pdf', PDF)).status).toBe(404);
      expect((await download(999_999, 'document')).statusCode).toBe(404);
    });

    it('serves a file only to whoever may see the record, and takes uploads only from who may write it', async () => {
      const file = await uploaded('document', 'sigilo.pdf', PDF);
      const { body } = await api('POST', '/api/laudos', { title: 'Sigilo', document: file.id });
      expect((await download(body.data.id, 'document', null)).statusCode).toBe(401);
      const reader = await userWith(server, [{ name: 'report.show' }]);
      const stranger = await userWith(server, [{ name: 'carrier.show' }]);
      expect((await download(body.data.id, 'document', stranger.token)).statusCode).toBe(403);
      expect((await download(body.data.id, 'document', reader.token)).statusCode).toBe(200);
      expect((await upload('document', 'x.pdf', PDF, reader.token!)).status).toBe(403);
      const writer = await userWith(server, [{ name: 'report.update' }]);
      expect((await upload('document', 'x.pdf', PDF, writer.token!)).status).toBe(201);
    });
    it('removes, with the next upload, an upload no record claimed within a day, and keeps a recent one', async () => {
      const abandoned = await uploaded('document', 'abandonado.pdf', PDF);
      const recent = await uploaded('document', 'recente.pdf', PDF);
      const claimed = await uploaded('document', 'guardado.pdf', PDF);
      expect((await api('POST', '/api/laudos', { title: 'Guardado', document: claimed.id })).status).toBe(201);
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000 - 60_000);
      await server.db.updateTable('files').set({ created_at: daysAgo(1) }).where('id', 'in', [abandoned.id, claimed.id]).execute();
      await server.db.updateTable('files').set({ created_at: daysAgo(0.5) }).where('id', '=', recent.id).execute();
      await uploaded('document', 'novo.pdf', PDF);
      const left = (await rows()).map((row) => row.id);
      expect(left).not.toContain(abandoned.id);
      expect(left).toEqual(expect.arrayContaining([recent.id, claimed.id]));
      expect(stored()).not.toContain(join('laudos', 'document', abandoned.id));
      expect(stored()).toContain(join('laudos', 'document', recent.id));
      const late = await api('POST', '/api/laudos', { title: 'Tarde demais', document: abandoned.id });
      expect(late.status).toBe(422);
      expect(late.body.errors.document).toEqual(['O arquivo enviado não foi encontrado; envie-o novamente.']);
    });
  });
}
