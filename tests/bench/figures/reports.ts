import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../../src/server/core/db/index.js';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { seedPlaces } from '../../../src/server/core/seed/places.js';
import { TSX } from '../support/child.js';
import { createBenchDatabase } from '../support/postgres.js';
import { infoRow, ratioRow, type Row } from '../support/report.js';
import { MIGRATIONS } from '../../../src/server/features.js';

const run = promisify(execFile);
const CHILD = resolve(import.meta.dirname, 'report-child.ts');
const ROWS = 10_000;
const TURNS = 4;

interface Side { ms: number; bytes: number; pages: number; maxRssMb: number }

async function side(mode: 'engine' | 'bare', url: string): Promise<Side> {
  const { stdout } = await run(TSX, [CHILD, mode, url], { cwd: resolve(import.meta.dirname, '../../..'), timeout: 300_000, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Side;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Figure 10: a PDF of 10,000 municipalities grouped by UF through the built-in engine (the design,
 * the person's grant, batches of 500 through the list's keyset cursor, references named, values
 * formatted, subtotals) vs pdfmake alone laying out the same rows, read with one statement, in the
 * same table (group headings, subtotals, total). Each render runs in a fresh process, in turns
 * (bare, engine, …); the medians are compared, and each side's peak RSS is reported.
 */
export async function reportFigures(log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  try {
    const handle = await openDatabase({ kind: 'postgres', url: target.url });
    await migrateToLatest(handle.db, MIGRATIONS.space);
    await seedPlaces(handle.db);
    const { n } = await handle.db.selectFrom('cities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const states = await handle.db.selectFrom('states').select('id').orderBy('id').execute();
    const extra = Array.from({ length: ROWS - Number(n) }, (_, i) => ({ name: `Vila Sintética ${i + 1}`, uf_id: states[i % states.length].id, ibge_code: 5_310_000 + i }));
    for (let i = 0; i < extra.length; i += 1000) await handle.db.insertInto('cities').values(extra.slice(i, i + 1000)).execute();
    await handle.close();
    const engine: Side[] = [];
    const bare: Side[] = [];
    for (let turn = 0; turn < TURNS; turn += 1) {
      bare.push(await side('bare', target.url));
      engine.push(await side('engine', target.url));
      log(`report turn ${turn + 1}: bare ${bare.at(-1)!.ms.toFixed(0)} ms, engine ${engine.at(-1)!.ms.toFixed(0)} ms`);
    }
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    return [
      ratioRow('10', `PDF of ${ROWS.toLocaleString('en')} rows: engine vs pdfmake alone`, median(engine.map((s) => s.ms)), median(bare.map((s) => s.ms)), 1.5, undefined, `${engine[0].pages} vs ${bare[0].pages} pages`),
      infoRow('10', 'peak RSS of the process: engine vs pdfmake alone', mb(Math.max(...engine.map((s) => s.maxRssMb))), mb(Math.max(...bare.map((s) => s.maxRssMb))), `${(Math.max(...engine.map((s) => s.maxRssMb)) / Math.max(...bare.map((s) => s.maxRssMb))).toFixed(2)}×`),
      infoRow('10', 'PDF size: engine vs pdfmake alone', `${(engine[0].bytes / 1024).toFixed(0)} KB`, `${(bare[0].bytes / 1024).toFixed(0)} KB`),
    ];
  } finally {
    await target.drop();
  }
}
