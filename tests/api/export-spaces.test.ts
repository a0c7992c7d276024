/**
 * An export reads the rows of the space it is asked in and no other: a record written in space A is
 * in A's export and not in B's, and A's session cannot export from B (401). Spaces on PGlite and on
 * PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../support/databases.js';
import { startPlatformApi, type PlatformApi } from '../platform/support/platform.js';

const PASSWORD = 'Senha-Do-Espaco-789!';
type Kind = 'pglite' | 'pgsql';

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try { return await work(client); } finally { await client.end(); }
}

describe.each<Kind>(['pglite', 'pgsql'])('list exports in two spaces (%s spaces)', (kind) => {
  let api: PlatformApi;
  const suffix = randomBytes(4).toString('hex');
  const databases: string[] = [];
  const names = { a: `exportacao-a-${kind}`, b: `exportacao-b-${kind}` };
  const tokens: Record<string, string> = {};
  let systemId: number | undefined;
  const ONLY_A = `Estado civil só de A ${suffix}`;

  const spaceItem = (tenantName: string) => {
    const dbName = `test_pg_${tenantName.replaceAll('-', '_')}_${suffix}`;
    if (kind === 'pgsql') databases.push(dbName);
    return {
      tenant_name: tenantName, db_type: kind, db_name: dbName, active: true, monitor_active: false,
      ...(kind === 'pgsql' ? { db_ip: '127.0.0.1', db_port: '5432', db_user: 'postgres', system_id: systemId } : {}),
    };
  };
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
    api = await startPlatformApi();
    systemId = await api.systemId();
    const council = await api.operator('POST', '/api/clientes', {
      name: `Conselho das exportações ${kind}`, initials: 'CEX', email: `exportacoes-${kind}@example.com`, active: true,
      tenant_configs: [spaceItem(names.a), spaceItem(names.b)],
    });
    expect(council.status, council.text).toBe(201);
    for (const item of council.body.data.tenant_configs) {
      const first = await api.login(item.initial_admin.email, item.initial_admin.password, item.tenant_name);
      const profile = await api.send('GET', '/api/perfil', { token: first.body.data.token, tenant: item.tenant_name });
      await api.send('PUT', '/api/perfil', {
        token: first.body.data.token, tenant: item.tenant_name,
        payload: { name: profile.body.data.name, email: item.initial_admin.email, password: PASSWORD, password_confirmation: PASSWORD },
      });
      tokens[item.tenant_name] = (await api.login(item.initial_admin.email, PASSWORD, item.tenant_name)).body.data.token;
    }
    const created = await api.send('POST', '/api/estados_civis', { token: tokens[names.a], tenant: names.a, payload: { denomination: ONLY_A } });
    expect(created.status, created.text).toBe(201);
  }, 240_000);

  afterAll(async () => {
    await api?.close();
    if (databases.length) await onServer(async (client) => { for (const name of databases) await client.query(`drop database if exists ${name} with (force)`); });
  }, 60_000);

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
