import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { openDatabase } from '../../../src/server/core/db/index.js';
import { migrateToLatest } from '../../../src/server/core/db/migrate.js';
import { TSX } from '../support/child.js';
import { createBenchDatabase } from '../support/postgres.js';
import { infoRow, ratioRow, type Row } from '../support/report.js';
import { seedCities } from '../support/seed-cities.js';
import { MIGRATIONS } from '../../../src/server/features.js';

const run = promisify(execFile);
const CHILD = resolve(import.meta.dirname, '../support/export-child.ts');
const ROOT = resolve(import.meta.dirname, '../../..');
const LARGE = 100_000;
const SMALL = 20_000;
const TURNS = 3;

interface Measure { ms: number; bytes: number; rss: number }

async function child(args: string[]): Promise<Measure> {
  const { stdout } = await run(TSX, [CHILD, ...args], { cwd: ROOT, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Measure;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const best = (measures: Measure[]) => measures.reduce((a, b) => (b.ms < a.ms ? b : a));

/**
 * Figure 9: a 100,000-row XLSX export through `GET /api/municipios/export` (HTTP, PostgreSQL, the
 * references named, the file streamed to a client in a process of its own) vs exceljs alone writing
 * the same sheet with as many rows of the same shape, as exceljs is commonly used and with the cell
 * styles shared as the route shares them (what the route adds to the writing itself), each in a
 * process of its own, in turns (the best of three each); and the route's peak RSS at 20,000 and
 * 100,000 rows, which stays flat: the export holds one batch, never the list.
 */
export async function exportFigures(log: (line: string) => void): Promise<Row[]> {
  const target = await createBenchDatabase();
  try {
    const handle = await openDatabase({ kind: 'postgres', url: target.url });
    await migrateToLatest(handle.db, MIGRATIONS.platform);
    await migrateToLatest(handle.db, MIGRATIONS.space);
    const present = await handle.db.selectFrom('states').select('id').limit(1).execute();
    if (present.length === 0) await handle.db.insertInto('states').values([{ initials: 'SP', name: 'São Paulo', ibge_code: 35 }, { initials: 'MG', name: 'Minas Gerais', ibge_code: 31 }]).execute();
    const count = await seedCities(handle.db, LARGE);
    await handle.close();
    log(`figure 9: ${count.toLocaleString('en')} cities`);
    const route: Measure[] = [];
    const alone: Measure[] = [];
    const shared: Measure[] = [];
    const small: Measure[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      route.push(await child(['route', target.url, String(LARGE)]));
      alone.push(await child(['exceljs', String(LARGE)]));
      shared.push(await child(['exceljs-shared', String(LARGE)]));
      small.push(await child(['route', target.url, String(SMALL)]));
      log(`figure 9, turn ${turn + 1}: route ${route[turn].ms.toFixed(0)} ms (${mib(route[turn].rss)}), exceljs ${alone[turn].ms.toFixed(0)} ms (${mib(alone[turn].rss)}), exceljs with shared styles ${shared[turn].ms.toFixed(0)} ms, route ${SMALL.toLocaleString('en')} rows ${mib(small[turn].rss)}`);
    }
    const [r, a, s] = [best(route), best(alone), best(shared)];
    const peak = (measures: Measure[]) => Math.max(...measures.map((m) => m.rss));
    return [
      ratioRow('9', 'XLSX export of 100,000 rows: route vs exceljs alone', r.ms, a.ms, 1.5, (n) => `${(n / 1000).toFixed(2)} s`, `${(r.bytes / 2 ** 20).toFixed(1)} MiB file`),
      ratioRow('9', 'peak RSS of the export: 100,000 vs 20,000 rows', peak(route), peak(small), 1.25, mib, `exceljs alone: ${mib(peak(alone))}`),
      ratioRow('9', 'the same vs exceljs alone, styles shared as the route does', r.ms, s.ms, 1.5, (n) => `${(n / 1000).toFixed(2)} s`, 'what the route adds to the writing'),
      infoRow('9', 'peak RSS of exceljs alone, 100,000 rows', mib(peak(alone))),
    ];
  } finally {
    await target.drop();
  }
}
