/**
 * A printed report kept as a document, on PGlite and on PostgreSQL: the report of a person becomes a
 * document of that person, of the reports' document type, with the report's bytes; 'Sem documento'
 * keeps none; a report of no record is kept only when asked ('Guardar mesmo sem registro'); a format
 * the council took off the type is not kept and the report's history says why; the type itself is
 * never deleted, and only who may generate reports reads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedDesign } from '../../src/server/features/reports/builtin/designs/index.js';
import { SYSTEM_DOCUMENT_TYPE } from '../../src/server/features/reports/jobs/document.js';
import { REPORT_STATUS } from '../../src/server/features/reports/jobs/queue.js';
import { creator } from '../api/support/bodies.js';
import { call, startTestServer, uploader, userWith, type TestServer } from '../api/support/server.js';
import { multipart } from '../files/support.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`reports kept as documents [${kind}]`, () => {
    let server: TestServer;
    let dataDir: string;
    let designId: number;
    let personId: number;
    let typeId: number;
    const admin = () => call(server, server.adminToken);

    const settled = async (id: number) => {
      let report: any;
      await expect.poll(async () => {
        report = (await admin()('GET', `/api/relatorio/${id}`)).body.data;
        return report.status;
      }, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(REPORT_STATUS.printed);
      expect(report.status, report.error_reason).toBe(REPORT_STATUS.printed);
      return report;
    };
    const ask = async (body: Record<string, unknown>) => {
      const asked = await admin()('POST', '/api/relatorio', { report_design_type_id: designId, file_extension: 'pdf', owner: 'pessoa_fisica', ...body });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      return settled(asked.body.data.id);
    };
    const events = async (reportId: number) => ((await admin()('GET', `/api/relatorio/${reportId}/history`)).body.data as { event: string; new_values: any }[]);

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'report-documents-'));
      server = await startTestServer(kind, { env: { DATA_DIR: dataDir } });
      // The engine type every space starts with.
      const engine = await server.db.selectFrom('report_engine_types').select('id').where('code', '=', 'interno').executeTakeFirstOrThrow();
      const body = multipart('pessoas.json', shippedDesign('persons'));
      const upload = await server.app.inject({ method: 'POST', url: '/api/tipo_design_relatorio/files/file', headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
      const design = await admin()('POST', '/api/tipo_design_relatorio', {
        name: 'Ficha da pessoa', file: upload.json().data.id, report_engine_type_id: Number(engine.id), processing_complexity: 1, owners: ['pessoa_fisica', 'municipios'],
      });
      expect(design.status, JSON.stringify(design.body)).toBe(201);
      designId = design.body.data.id;
      const create = creator(server.model, (url, body) => admin()('POST', url, body), uploader(server, server.adminToken), (url) => admin()('GET', url));
      personId = await create('pessoa_fisica', { name: 'Ana Relatório Souza' });
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('names the reports\' document type and the formats it accepts, to whoever may generate reports only', async () => {
      const answer = await admin()('GET', '/api/relatorio/default_document_type');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.denomination).toBe('Relatório');
      expect([...answer.body.data.accepted_extensions].sort()).toEqual(['csv', 'pdf', 'xlsx']);
      typeId = answer.body.data.id;
      const reader = await userWith(server, [{ name: 'report.index' }, { name: 'report.show' }]);
      expect((await call(server, reader.token)('GET', '/api/relatorio/default_document_type')).status).toBe(403);
      const generator = await userWith(server, [{ name: 'report.generate' }]);
      expect((await call(server, generator.token)('GET', '/api/relatorio/default_document_type')).body.data.id).toBe(typeId);
    });

    it("keeps a person's report as a document of that person, with the report's bytes", async () => {
      const report = await ask({ owner_id: personId });
      expect(report.document_id).toEqual(expect.any(Number));
      const attached = await admin()('GET', `/api/pessoa_fisica/${personId}/documents`);
      expect(attached.status, JSON.stringify(attached.body)).toBe(200);
      const [document] = attached.body.data;
      expect(attached.body.data).toHaveLength(1);
      expect(document).toMatchObject({ id: report.document_id, document_type_id: typeId, file_extension: 'pdf' });
      expect(document.name).toMatch(/^Ficha da pessoa \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/);
      expect(document.metadata).toEqual([expect.objectContaining({ name: 'Modelo de relatório', value: 'Ficha da pessoa' })]);
      const printed = await admin()('GET', `/api/relatorio/${report.id}/print`);
      const download = await server.app.inject({ method: 'GET', url: `/api/documento/${report.document_id}/download`, headers: { authorization: `Bearer ${server.adminToken}` } });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(Buffer.from(printed.body.data.file, 'base64'))).toBe(true);
      expect((await events(report.id)).map((row) => row.event)).toContain('kept_as_document');
      const documentHistory = await admin()('GET', `/api/auditoria?filter=${encodeURIComponent(JSON.stringify({ module: 'documento', record_id: report.document_id }))}`);
      expect(documentHistory.body.data.map((row: { event: string; user_id: number }) => [row.event, row.user_id])).toEqual([['created', expect.any(Number)]]);
    });

    it("keeps nothing with 'Sem documento'", async () => {
      const before = (await admin()('GET', `/api/pessoa_fisica/${personId}/documents`)).body.data.length;
      const report = await ask({ owner_id: personId, without_document: true });
      expect(report.document_id).toBeNull();
      expect((await admin()('GET', `/api/pessoa_fisica/${personId}/documents`)).body.data).toHaveLength(before);
      expect((await events(report.id)).map((row) => row.event)).not.toContain('kept_as_document');
    });

    it("keeps a report of no record only with 'Guardar mesmo sem registro', in the Documents list", async () => {
      const loose = await ask({ owner: 'municipios', file_extension: 'csv' });
      expect(loose.document_id).toBeNull();
      const kept = await ask({ owner: 'municipios', file_extension: 'csv', force_store: true });
      expect(kept.document_id).toEqual(expect.any(Number));
      const document = await admin()('GET', `/api/documento/${kept.document_id}`);
      expect(document.body.data).toMatchObject({ document_type_id: typeId, entity_type: 'municipios', entity_id: null, file_extension: 'csv' });
    });

    it('does not keep a format the council took off the type, and says so in the report\'s history', async () => {
      const type = (await admin()('GET', `/api/tipo_documento/${typeId}`)).body.data;
      const changed = await admin()('PUT', `/api/tipo_documento/${typeId}`, { ...type, denomination: 'Relatórios emitidos', accepted_extensions: ['pdf'] });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const report = await ask({ owner_id: personId, file_extension: 'csv' });
      expect(report.document_id).toBeNull();
      const skipped = (await events(report.id)).find((row) => row.event === 'not_kept_as_document');
      expect(skipped?.new_values.reason).toBe('O tipo de documento Relatórios emitidos não aceita arquivos CSV: o relatório não foi guardado como documento.');
      // Renamed, it is still the reports' type.
      expect((await admin()('GET', '/api/relatorio/default_document_type')).body.data).toMatchObject({ id: typeId, denomination: 'Relatórios emitidos', accepted_extensions: ['pdf'] });
    });

    it('refuses to delete the reports\' document type, alone or in a selection', async () => {
      const one = await admin()('DELETE', `/api/tipo_documento/${typeId}`);
      expect(one.status).toBe(409);
      expect(one.body.message).toBe(SYSTEM_DOCUMENT_TYPE);
      const many = await admin()('DELETE', `/api/tipo_documento/multiple_delete/${typeId}`);
      expect(many.status).toBe(409);
      expect((await admin()('GET', '/api/relatorio/default_document_type')).status).toBe(200);
    });
  });
}
