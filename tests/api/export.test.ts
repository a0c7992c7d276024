import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../src/server/core/resources/export-rows.js';
import { exportColumns, referenceNamer } from '../../src/server/core/resources/export-values.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { call, startTestServer, userWith, type TestServer } from './support/server.js';

const CITIES = EXPORT_BATCH * 4 + 350;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`list export [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let states: { id: number; label: string }[];
    const exportOf = async (module: string, params: Record<string, unknown>, token = server.adminToken) => {
      const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      return server.app.inject({ method: 'GET', url: `/api/${module}/export?${query}`, headers: { authorization: `Bearer ${token}` } });
    };
    /** Every row of the list route for the parameters, page by page through `next_cursor`. */
    const listAll = async (module: string, params: Record<string, unknown>) => {
      const rows: Record<string, unknown>[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams(Object.entries({ ...params, per_page: '500', ...(cursor ? { cursor } : {}) }).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
        const page = await api('GET', `/api/${module}?${query}`);
        expect(page.status).toBe(200);
        rows.push(...page.body.data);
        cursor = page.body.meta.next_cursor;
      } while (cursor);
      return rows;
    };
    const csvRows = (body: Buffer) => parse(body, { delimiter: ';', bom: true, record_delimiter: '\r\n' }) as string[][];
    const xlsxRows = async (body: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { rows, sheet: workbook.worksheets[0] };
    };
    const stateLabel = (id: unknown) => states.find((s) => s.id === Number(id))!.label;

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      states = [];
      for (const [initials, name, code] of [['XA', 'Estado Alfa', 91], ['XB', 'Estado Beta', 92], ['XC', 'Estado Gama', 93]] as const) {
        const row = await server.db.insertInto('states').values({ initials, name, ibge_code: code }).returning('id').executeTakeFirstOrThrow();
        states.push({ id: Number(row.id), label: `${initials} - ${name}` });
      }
      const cities = Array.from({ length: CITIES }, (_, i) => ({
        // Repeated names, so the order's ties fall to the id; every other city of the valley.
        name: `${i % 2 === 0 ? 'Vale' : 'Serra'} ${['Açaí', 'Ébano', 'Ipê', 'Jatobá'][i % 4]} ${Math.floor(i / 7)}`,
        uf_id: states[i % 3].id,
        ibge_code: 5_300_000 + i,
      }));
      for (let i = 0; i < cities.length; i += 500) await server.db.insertInto('cities').values(cities.slice(i, i + 500)).execute();
    }, 120_000);
    afterAll(() => server?.close());

    /** Searched, filtered and sorted: the valley's cities of two states, by name descending. */
    const filtered = () => ({ q: 'vale', filter: { uf_id: [states[0].id, states[1].id] }, sort: 'name', order: 'desc' });

    it('exports as CSV exactly the rows of the list, in its order, over several batches', async () => {
      const expected = await listAll('municipios', filtered());
      expect(expected.length).toBeGreaterThan(EXPORT_BATCH);
      const response = await exportOf('municipios', { format: 'csv', ...filtered() });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date()).replace(/\//g, '-');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Municipios ${day}.csv"; filename*=UTF-8''Munic%C3%ADpios%20${day}.csv`);
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8')).toContain('\r\n');
      const [header, ...rows] = csvRows(bytes);
      expect(header).toEqual(['Nome', 'UF', 'Código IBGE']);
      expect(rows).toEqual(expected.map((row) => [row.name, stateLabel(row.uf_id), String(row.ibge_code)]));
    });

    it('exports as XLSX the same rows, numbers as numbers', async () => {
      const expected = await listAll('municipios', filtered());
      const response = await exportOf('municipios', { format: 'xlsx', ...filtered() });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      expect(response.headers['content-disposition']).toMatch(/\.xlsx"; filename\*=UTF-8''Munic%C3%ADpios%20\d\d-\d\d-\d{4}\.xlsx$/);
      const { rows: [header, ...rows], sheet } = await xlsxRows(response.rawPayload);
      expect(sheet.name).toBe('Municípios');
      expect(header).toEqual(['Nome', 'UF', 'Código IBGE']);
      expect(rows).toEqual(expected.map((row) => [row.name, stateLabel(row.uf_id), Number(row.ibge_code)]));
    });

    it('answers a search the exact reading misses as the list does (its typo-tolerant reading)', async () => {
      const typo = { q: 'Jatoba Valle', sort: 'ibge_code', order: 'asc' };
      const expected = await listAll('municipios', typo);
      const [, ...rows] = csvRows((await exportOf('municipios', { format: 'csv', ...typo })).rawPayload);
      expect(rows.map((row) => row[2])).toEqual(expected.map((row) => String(row.ibge_code)));
    });

    it('writes one audit row per export with its format, parameters and row count, read back as people read it', async () => {
      const before = await listAll('auditoria', { filter: { event: 'exported' } });
      const response = await exportOf('municipios', { format: 'csv', filter: { uf_id: states[2].id } });
      const [, ...rows] = csvRows(response.rawPayload);
      const after = await listAll('auditoria', { filter: { event: 'exported' }, sort: 'id', order: 'desc' });
      expect(after.length).toBe(before.length + 1);
      const stored = await server.db.selectFrom('audits').selectAll().where('id', '=', after[0].id as number).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ event: 'exported', module: 'municipios', record_id: 0 });
      expect(stored.new_values).toEqual({ format: 'csv', filters: { filter: JSON.stringify({ uf_id: states[2].id }) }, rows: rows.length });
      // The audit list itself, exported: enum labels, the user by name, date-times on the councils' clock.
      const [header, first] = csvRows((await exportOf('auditoria', { format: 'csv', filter: { event: 'exported' }, sort: 'id', order: 'desc' })).rawPayload);
      expect(header).toEqual(['ID', 'Criado em', 'Evento', 'Usuário', 'Módulo', 'Registro']);
      const clock = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      expect(first).toEqual([String(after[0].id), clock.format(new Date(after[0].created_at as string)).replace(',', ''), 'Exportação', expect.stringMatching(/\S/), 'municipios', '0']);
      const { rows: [, cells] } = await xlsxRows((await exportOf('auditoria', { format: 'xlsx', filter: { event: 'exported' }, sort: 'id', order: 'desc' })).rawPayload);
      expect(cells[1]).toBeInstanceOf(Date);
      expect(cells[2]).toBe('Exportação');
    });

    it('names each referenced UF once an export, however many batches point at it', async () => {
      let reads = 0;
      const counted = server.db.withPlugin({ transformQuery: ({ node }) => ((reads += 1), node), transformResult: async ({ result }) => result });
      const namesOf = referenceNamer(server.model, () => counted, exportColumns(server.model.byModule.get('municipios')!));
      const batch = (ids: number[]) => ids.map((uf_id) => ({ uf_id }));
      const first = await namesOf(batch([states[0].id, states[1].id, states[0].id]));
      expect(first.get('uf')).toEqual(new Map([[states[0].id, states[0].label], [states[1].id, states[1].label]]));
      const once = reads;
      expect(once).toBeGreaterThan(0);
      // A new id is read; a known one is not, nor one found missing before.
      const second = await namesOf(batch([states[1].id, states[2].id, 999_999]));
      expect(second.get('uf')).toEqual(new Map([[states[1].id, states[1].label], [states[2].id, states[2].label]]));
      expect(reads).toBe(2 * once);
      const third = await namesOf(batch([states[0].id, states[2].id, 999_999]));
      expect(third.get('uf')).toEqual(new Map([[states[0].id, states[0].label], [states[2].id, states[2].label]]));
      expect(reads).toBe(2 * once);
    });

    it('answers 403 to a user who may not list the module, and exports to one who may', async () => {
      const none = await userWith(server, [{ name: 'city.show' }]);
      const refused = await exportOf('municipios', { format: 'csv' }, none.token!);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Você não tem permissão para executar esta ação.');
      const permission = server.model.byModule.get('municipios')!.permission;
      const lister = await userWith(server, [{ name: `${permission}.index` }]);
      expect((await exportOf('municipios', { format: 'csv', filter: { uf_id: states[0].id } }, lister.token!)).statusCode).toBe(200);
      const platform = await exportOf('clientes', { format: 'xlsx' }, lister.token!);
      expect(platform.statusCode).toBe(200);
      const { rows } = await xlsxRows(platform.rawPayload);
      expect(rows.length).toBe(1);
    });

    it('answers 400 in pt-BR to hostile parameters, never 500', async () => {
      for (const bad of [
        {}, { format: 'pdf' }, { format: ['csv', 'xlsx'] }, { format: 'csv', sort: 'nao_existe' }, { format: 'csv', order: 'para cima' },
        { format: 'csv', filter: '{nao é json' }, { format: 'xlsx', filter: '[1,2]' }, { format: 'csv', filter: { nao_existe: 1 } },
        { format: 'csv', filter: { uf_id: 'abc' } }, { format: 'csv', filter: { uf_id: { $gt: 1 } } }, { format: 'csv', q: 'a'.repeat(201) },
        { format: 'csv', q: 'a\u0000b' }, { format: 'csv', sort: ['name', 'id'] }, { format: 'xlsx', filter: { ibge_code_gte: '1e999' } },
      ]) {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(bad)) {
          for (const one of Array.isArray(value) && key !== 'filter' ? value : [value]) query.append(key, typeof one === 'string' ? one : JSON.stringify(one));
        }
        const response = await server.app.inject({ method: 'GET', url: `/api/municipios/export?${query}`, headers: { authorization: `Bearer ${server.adminToken}` } });
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json().message, JSON.stringify(bad)).toMatch(/[a-zà-ú]/);
      }
      expect((await server.app.inject({ method: 'GET', url: '/api/municipios/export?format=csv' })).statusCode).toBe(401);
    });
  });
}
