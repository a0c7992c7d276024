/**
 * One export measured in a process of its own, so its peak RSS is its own: `route <url> <rows>` asks
 * `GET /api/municipios/export?format=xlsx` (the first `rows` by IBGE code) over HTTP from an app on the
 * database at `url`, read by a client in a process of its own; `exceljs <rows>` (`exceljs-shared
 * <rows>`) writes as many rows of the same shape with exceljs alone, its cell styles as commonly used
 * (as the route shares them).
 * Prints one JSON line: `{ ms, bytes, rss }` (rss: peak resident set, bytes).
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { loadModel } from '../../../language/index.js';
import { buildApp } from '../../../src/server/app.js';
import { ensureAdministrator } from '../../../src/server/features/auth/index.js';
import { loadConfig } from '../../../src/server/core/config.js';
import { openDatabase } from '../../../src/server/core/db/index.js';
import { ROOT } from '../../api/support/server.js';

const [mode, ...rest] = process.argv.slice(2);
const run = promisify(execFile);

/** `node -e READER <url> <token>`: reads the answer to its end and prints `{ ms, bytes }`, from its request to the last byte. */
const READER = `
const [url, token] = process.argv.slice(1);
const start = performance.now();
const response = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
if (!response.ok) throw new Error('export answered ' + response.status);
let bytes = 0;
for await (const part of response.body) bytes += part.byteLength;
console.log(JSON.stringify({ ms: performance.now() - start, bytes }));`;

async function viaRoute(url: string, rows: number) {
  const handle = await openDatabase({ kind: 'postgres', url });
  await ensureAdministrator(handle.db, { email: 'admin@example.com', password: 'senha-do-admin' });
  const app = await buildApp({ config: loadConfig({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'senha-do-admin' }, ROOT), model: loadModel(ROOT), tenancy: { space: { name: 'default', db: handle.db } }, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'senha-do-admin' }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const { ibge_code: last } = await handle.db.selectFrom('cities').select('ibge_code').orderBy('ibge_code').offset(rows - 1).limit(1).executeTakeFirstOrThrow();
  const query = new URLSearchParams({ format: 'xlsx', sort: 'ibge_code', order: 'asc', filter: JSON.stringify({ ibge_code_lte: last }) });
  // The file is read by a process of its own, as a browser would (this process only serves it),
  // which times it from its request to the last byte, so its own start is not counted.
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', READER, `${address}/api/municipios/export?${query}`, token], { maxBuffer: 1 << 20 });
  const { ms, bytes } = JSON.parse(stdout.trim()) as { ms: number; bytes: number };
  await app.close();
  await handle.close();
  return { ms, bytes };
}

/**
 * exceljs alone writing the sheet the route writes (its columns, widths, bold header, frozen first
 * row) with rows of the same shape: as exceljs is commonly used (`addRow(values).commit()`), or, when
 * `shared`, with each column's cell style one object as the route gives it (export-files.ts).
 */
async function exceljsAlone(rows: number, shared: boolean) {
  let bytes = 0;
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { bytes += chunk.length; done(); } });
  const start = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Municípios', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ header: 'Nome', key: 'name', width: 12 }, { header: 'UF', key: 'uf', width: 12 }, { header: 'Código IBGE', key: 'ibge', width: 15 }];
  sheet.getRow(1).font = { bold: true };
  const styles = [{}, {}, {}];
  const rowStyle = {};
  for (let i = 0; i < rows; i++) {
    const row = sheet.addRow([`Santa Itapiraba do Sul ${i}`, 'SP - São Paulo', 1100001 + i * 4]);
    if (shared) {
      row.eachCell({ includeEmpty: true }, (cell, n) => {
        cell.style = styles[n - 1];
      });
      (row as unknown as { style: object }).style = rowStyle;
    }
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return { ms: performance.now() - start, bytes };
}

const result = mode === 'route' ? await viaRoute(rest[0], Number(rest[1])) : await exceljsAlone(Number(rest[0]), mode === 'exceljs-shared');
console.log(JSON.stringify({ ...result, rss: process.resourceUsage().maxRSS * 1024 }));
process.exit(0);
