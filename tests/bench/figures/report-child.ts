/**
 * One side of figure 9 in a process of its own (so its peak RSS is its own): `engine` renders the
 * municipalities-by-UF design through the built-in engine; `bare` reads the same rows with one
 * statement and lays out the same table with pdfmake alone. Prints one JSON line: milliseconds,
 * bytes, pages and peak RSS.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, type DatabaseHandle } from '../../../src/server/core/db/index.js';
import { loadModel } from '../../../language/index.js';
import { builtinEngine } from '../../../src/server/features/reports/builtin/engine.js';
import { shippedDesign } from '../../../src/server/features/reports/builtin/designs/index.js';
import { pdfMaker } from '../../../src/server/features/reports/builtin/pdf.js';
import { resolve } from 'node:path';

const [mode, url] = process.argv.slice(2);
const ROOT = resolve(import.meta.dirname, '../../..');

async function bare(db: DatabaseHandle['db']): Promise<Buffer> {
  const rows = await db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.uf_id').select(['c.name', 'c.ibge_code', 's.name as uf']).orderBy('c.uf_id').orderBy('c.id').execute();
  const body: unknown[][] = [[{ text: 'Nome', bold: true }, { text: 'Código IBGE', bold: true }]];
  let uf: string | null = null;
  let count = 0;
  const subtotal = () => body.push([{ text: `Subtotal ${uf}: ${count} registros`, bold: true }, '']);
  for (const row of rows) {
    if (row.uf !== uf) {
      if (uf !== null) subtotal();
      uf = row.uf;
      count = 0;
      body.push([{ text: `UF: ${uf}`, colSpan: 2, bold: true }, {}]);
    }
    count += 1;
    body.push([row.name, { text: String(row.ibge_code), alignment: 'right' }]);
  }
  subtotal();
  body.push([{ text: `Total: ${rows.length} registros`, bold: true }, '']);
  return pdfMaker().createPdf({
    pageSize: 'A4', pageMargins: [36, 36, 36, 44], defaultStyle: { font: 'Roboto', fontSize: 8 },
    content: [{ text: 'Municípios por UF', fontSize: 14, bold: true }, { table: { headerRows: 1, widths: ['*', 'auto'], body: body as never }, layout: 'lightHorizontalLines' }],
    footer: (page: number, pages: number) => ({ text: `Página ${page} de ${pages}`, fontSize: 7, alignment: 'right', margin: [36, 16, 36, 0] }),
  }).getBuffer();
}

async function main() {
  const handle = await openDatabase({ kind: 'postgres', url });
  const model = loadModel(ROOT);
  pdfMaker();
  const start = performance.now();
  const bytes = mode === 'engine'
    ? (await builtinEngine.render({
      design: { id: 1, name: 'Municípios por UF', file: shippedDesign('cities'), compiledFile: null, parameters: [], version: '1' },
      engine: { id: 1, reportEngine: 2, engineVersion: '1', externalServer: false, serverUrl: null, serverLogin: null, serverPassword: null },
      parameters: {}, format: 'pdf', db: handle.db, model, access: { userId: 1, may: () => true }, signal: new AbortController().signal,
    })).bytes
    : await bare(handle.db);
  const ms = performance.now() - start;
  const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  await handle.close();
  console.log(JSON.stringify({ mode, ms, bytes: bytes.length, pages, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
