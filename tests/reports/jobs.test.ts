/**
 * Reports as people ask for them, on PGlite and on PostgreSQL: generating one is inserting it; a
 * process prints it in the background (1 Aguardando → 2 Imprimindo → 3 Impresso, or 4 Erros with a
 * reason), and it answers its file, name and history. The queue gives each report to one taker
 * only, a report whose process died waits again (three times at most), and heavy designs keep a lane
 * of their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedDesign } from '../../src/server/features/reports/builtin/designs/index.js';
import { claimNext, INTERRUPTED, recoverStale, REPORT_STATUS } from '../../src/server/features/reports/jobs/queue.js';
import { startReportScheduler } from '../../src/server/features/reports/jobs/scheduler.js';
import { seedPlaces } from '../../src/server/core/seed/places.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { multipart } from '../files/support.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { csvRows } from './support.js';

for (const kind of DATABASE_KINDS) {
  describe(`reports [${kind}]`, () => {
    let server: TestServer;
    let dataDir: string;
    let engineId: number;
    let sergipe: number;
    const admin = () => call(server, server.adminToken);

    const design = async (complexity = 1, extra: Record<string, unknown> = {}) => {
      const body = multipart('municipios.json', shippedDesign('cities'));
      const upload = await server.app.inject({ method: 'POST', url: '/api/tipo_design_relatorio/files/file', headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
      expect(upload.statusCode, upload.body).toBe(201);
      const created = await admin()('POST', '/api/tipo_design_relatorio', {
        name: `Municípios por UF ${complexity} ${Math.random()}`, file: upload.json().data.id, report_engine_type_id: engineId, processing_complexity: complexity,
        owners: ['municipios'], parameters: [{ name: 'uf_id', label: 'UF', type: 'reference', module: 'uf', required: false }], ...extra,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as number;
    };
    const settled = async (id: number, token = server.adminToken) => {
      let report: any;
      await expect.poll(async () => {
        report = (await call(server, token)('GET', `/api/relatorio/${id}`)).body.data;
        return report.status;
      }, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(REPORT_STATUS.printed);
      return report;
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'reports-'));
      // The server's own loop looks only when a report is asked of it: the queue tests below race their own takers.
      server = await startTestServer(kind, { env: { DATA_DIR: dataDir, REPORT_INTERVAL_MS: '3600000' } });
      await seedPlaces(server.db);
      sergipe = Number((await server.db.selectFrom('states').select('id').where('initials', '=', 'SE').executeTakeFirstOrThrow()).id);
      // The engine type every space starts with.
      engineId = Number((await server.db.selectFrom('report_engine_types').select('id').where('code', '=', 'interno').executeTakeFirstOrThrow()).id);
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('prints a report asked for, and answers its file, its name and its history', async () => {
      const designId = await design();
      const asked = await admin()('POST', '/api/relatorio', { report_design_type_id: designId, file_extension: 'csv', owner: 'municipios', used_parameters: { uf_id: sergipe } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      expect(asked.body.data.status).toBe(REPORT_STATUS.waiting);
      const report = await settled(asked.body.data.id);
      expect(report).toMatchObject({ status: REPORT_STATUS.printed, file_extension: 'csv', error_reason: null });
      expect(report.file_link).toMatchObject({ name: 'municipios-por-uf.csv' });
      const printed = await admin()('GET', `/api/relatorio/${report.id}/print`);
      expect(printed.status).toBe(200);
      expect(printed.body.data.name).toBe('municipios-por-uf.csv');
      const rows = csvRows(Buffer.from(printed.body.data.file, 'base64'));
      const cities = await server.db.selectFrom('cities').select('name').where('uf_id', '=', sergipe).execute();
      expect(rows.length).toBe(cities.length + 1);
      expect(printed.body.data.history.map((row: { event: string }) => row.event)).toEqual(['printed', 'created']);
      const pdf = await admin()('POST', '/api/relatorio', { report_design_type_id: designId, file_extension: 'pdf', owner: 'municipios', used_parameters: { uf_id: sergipe } });
      const pdfReport = await settled(pdf.body.data.id);
      expect(pdfReport.status).toBe(REPORT_STATUS.printed);
      const bytes = Buffer.from((await admin()('GET', `/api/relatorio/${pdfReport.id}/print`)).body.data.file, 'base64');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }, 120_000);

    it('ends in Erros with a reason a person reads when the one who asked may not list the design\'s rows', async () => {
      const designId = await design();
      const clerk = await userWith(server, [{ name: 'report.generate' }, { name: 'report.show' }]);
      const asked = await call(server, clerk.token)('POST', '/api/relatorio', { report_design_type_id: designId, file_extension: 'pdf', owner: 'municipios' });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const report = await settled(asked.body.data.id, clerk.token!);
      expect(report.status).toBe(REPORT_STATUS.failed);
      expect(report.error_reason).toMatch(/permissão|Municípios/);
      const print = await call(server, clerk.token)('GET', `/api/relatorio/${report.id}/print`);
      expect(print.status).toBe(404);
      expect(print.body.message).toBe('Documento não encontrado.');
    });

    it('lets only report.generate ask, and takes only one of the design\'s entities', async () => {
      const designId = await design();
      const reader = await userWith(server, [{ name: 'report.show' }, { name: 'report.index' }]);
      expect((await call(server, reader.token)('POST', '/api/relatorio', { report_design_type_id: designId, file_extension: 'pdf', owner: 'municipios' })).status).toBe(403);
      const wrong = await admin()('POST', '/api/relatorio', { report_design_type_id: designId, file_extension: 'pdf', owner: 'usuarios' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ owner: ['A entidade escolhida não está entre as do modelo de relatório.'] });
      const missing = await admin()('POST', '/api/relatorio', {});
      // The format has a default (PDF); the design and the entity must be chosen.
      expect(Object.keys(missing.body.errors).sort()).toEqual(['owner', 'report_design_type_id']);
      for (const id of ['999999', 'x']) expect((await admin()('GET', `/api/relatorio/${id}/print`)).status).toBe(404);
    });

    it('gives each waiting report to one taker only, however many take at once', async () => {
      const designId = await design();
      const reportIds: number[] = [];
      // Written as waiting straight into the table: no process is told to look, and each taker here races the others.
      for (let n = 0; n < 30; n += 1) {
        const row = await server.db.insertInto('reports').values({ report_design_type_id: designId, file_extension: 'csv', owner: 'municipios', status: REPORT_STATUS.waiting, used_parameters: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow();
        reportIds.push(Number(row.id));
      }
      const taken: number[] = [];
      await Promise.all(Array.from({ length: 6 }, async () => {
        for (let id = await claimNext(server.db, 'light'); id !== null; id = await claimNext(server.db, 'light')) taken.push(id);
      }));
      const ours = taken.filter((id) => reportIds.includes(id));
      expect(new Set(ours).size).toBe(ours.length);
      expect(new Set(taken).size).toBe(taken.length);
      // The server's own loop may have taken some of them too, but never one also taken here, and none is left waiting.
      const statuses = await server.db.selectFrom('reports').select(['id', 'attempts', 'status']).where('id', 'in', reportIds).execute();
      expect(statuses.map((row) => Number(row.attempts))).toEqual(reportIds.map(() => 1));
      expect(statuses.filter((row) => Number(row.status) === REPORT_STATUS.waiting)).toEqual([]);
    });

    it('waits again for a report whose process stopped beating, and gives up after three tries', async () => {
      const designId = await design();
      const row = await server.db.insertInto('reports').values({ report_design_type_id: designId, file_extension: 'csv', owner: 'municipios', status: REPORT_STATUS.printing, used_parameters: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow();
      const id = Number(row.id);
      const stale = (attempts: number) => sql`update reports set status = 2, attempts = ${attempts}, heartbeat_at = now() - interval '2 minutes' where id = ${id}`.execute(server.db);
      await stale(1);
      await recoverStale(server.db, 60);
      expect(Number((await server.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status)).toBe(REPORT_STATUS.waiting);
      await stale(3);
      expect(await recoverStale(server.db, 60)).toContain(id);
      const failed = await server.db.selectFrom('reports').select(['status', 'error_reason']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(failed.status)).toBe(REPORT_STATUS.failed);
      expect(failed.error_reason).toBe(INTERRUPTED);
    });

    it('prints light reports while a heavy one holds its lane', async () => {
      const heavyDesign = await design(3);
      const lightDesign = await design(1);
      // A loop of its own over the same database: the server's is told nothing of these rows.
      const insert = async (designId: number) => Number((await server.db.insertInto('reports').values({ report_design_type_id: designId, file_extension: 'csv', owner: 'municipios', status: REPORT_STATUS.waiting, used_parameters: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow()).id);
      let releaseHeavy!: () => void;
      const heavyHeld = new Promise<void>((resolve) => (releaseHeavy = resolve));
      const printed: number[] = [];
      const heavy = [await insert(heavyDesign), await insert(heavyDesign)];
      const light = [await insert(lightDesign), await insert(lightDesign), await insert(lightDesign)];
      const scheduler = startReportScheduler({
        intervalMs: 50,
        lanes: { light: 1, heavy: 1 },
        spaces: async () => [{ name: 'default', db: server.db, isDefault: true, release: () => undefined }],
        print: async (_space, id) => {
          if (heavy.includes(id)) await heavyHeld;
          printed.push(id);
          await server.db.updateTable('reports').set({ status: REPORT_STATUS.printed }).where('id', '=', id).execute();
        },
      });
      try {
        await expect.poll(() => light.every((id) => printed.includes(id)), { timeout: 20_000 }).toBe(true);
        expect(heavy.some((id) => printed.includes(id))).toBe(false);
        releaseHeavy();
        await expect.poll(() => heavy.every((id) => printed.includes(id)), { timeout: 20_000 }).toBe(true);
      } finally {
        releaseHeavy();
        await scheduler.stop();
      }
    });
  });
}
