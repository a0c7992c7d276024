/**
 * An export reads the rows of the space it is asked in and no other: a record written in space A is
 * in A's export and not in B's, and A's session cannot export from B (401). Spaces on PGlite and on
 * PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type PlatformApi, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';

describe.each<SpaceKind>(FEATURE_SPACE_KINDS)('list exports in two spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;
  let api: PlatformApi;
  let tokens: Record<string, string> = {};
  const names = { a: `exportacao-a-${kind}`, b: `exportacao-b-${kind}` };
  const suffix = randomBytes(4).toString('hex');
  const ONLY_A = `Estado civil só de A ${suffix}`;
  /** `GET /api/estados_civis/export` with `token`, in the space `tenant`. */
  const exportIn = (tenant: string, format: 'csv' | 'xlsx', token = tokens[tenant], params: Record<string, string> = {}) =>
    api.app.inject({
      method: 'GET', url: `/api/estados_civis/export?${new URLSearchParams({ format, ...params })}`,
      headers: { authorization: `Bearer ${token}`, tenant },
    });
  const csvNames = (body: Buffer) => (parse(body, { delimiter: ';', bom: true, record_delimiter: '\r\n' }) as string[][]).slice(1).map((row) => row.join(';'));
  const xlsxNames = async (body: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const rows: string[] = [];
    workbook.worksheets[0].eachRow((row, number) => {
      if (number > 1) rows.push((row.values as unknown[]).slice(1).join(';'));
    });
    return rows;
  };

  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'exportacao');
    ({ api, tokens } = spaces);
    const created = await spaces.as(names.a, 'POST', '/api/estados_civis', { denomination: ONLY_A });
    expect(created.status, created.text).toBe(201);
  }, 240_000);

  afterAll(() => spaces?.close(), 60_000);

  it("exports the record in its own space's file", async () => {
    const csv = await exportIn(names.a, 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csvNames(csv.rawPayload).some((row) => row.includes(ONLY_A))).toBe(true);
    const xlsx = await exportIn(names.a, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect((await xlsxNames(xlsx.rawPayload)).some((row) => row.includes(ONLY_A))).toBe(true);
  });

  it("leaves it out of the other space's file, whole or searched for", async () => {
    const csv = await exportIn(names.b, 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvNames(csv.rawPayload);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.includes(suffix))).toEqual([]);
    const xlsx = await exportIn(names.b, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect((await xlsxNames(xlsx.rawPayload)).filter((row) => row.includes(suffix))).toEqual([]);
    const searched = await exportIn(names.b, 'csv', tokens[names.b], { q: suffix });
    expect(searched.statusCode).toBe(200);
    expect(csvNames(searched.rawPayload)).toEqual([]);
  });

  it("refuses A's session asking in B (401), as CSV and XLSX, and writes no file", async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const crossed = await exportIn(names.b, format, tokens[names.a]);
      expect(crossed.statusCode).toBe(401);
      expect(crossed.headers['content-disposition']).toBeUndefined();
      expect(crossed.body).not.toContain(ONLY_A);
    }
  });
});
