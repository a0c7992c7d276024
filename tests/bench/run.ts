/**
 * `npm run bench`: every figure is a ratio against a baseline measured side by side in this run.
 * BENCH_ROWS (default 1,000,000) sets the table size; BENCH_ONLY=1,3 runs some figures only (1–15);
 * BENCH_IMPORT_ROWS (default 50,000) sets the rows of the import's figure (13), BENCH_GENERATION_ROWS
 * (default 100,000) the registrations of the annual generation's (14).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConfig } from './support/config.js';
import { formatTable, type Row } from './support/report.js';
import { browserFigures } from './figures/browser.js';
import { embeddedFigures } from './figures/embedded.js';
import { exportFigures } from './figures/exports.js';
import { generationFigures } from './figures/generation.js';
import { importFigures } from './figures/imports.js';
import { partyBalanceFigures } from './figures/party-balance.js';
import { personSearchFigures } from './figures/person-search.js';
import { personWriteFigures } from './figures/person-writes.js';
import { postgresFigures } from './figures/postgres.js';
import { reportFigures } from './figures/reports.js';
import { sequenceFigures } from './figures/sequences.js';
import { startupFigures } from './figures/startup.js';

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function main() {
  const config = benchConfig();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; rows ${config.rows.toLocaleString('en')}, embedded rows ${config.embeddedRows.toLocaleString('en')}, figures ${[...config.only].join(',')}`);
  const rows: Row[] = [];
  try {
    const groups: [string[], () => Promise<Row[]>][] = [
      [['1', '2', '3'], () => postgresFigures(config, workDir, log)],
      [['4'], () => embeddedFigures(config, log)],
      [['5', '6'], () => browserFigures(config.only, log)],
      [['7'], () => startupFigures(log)],
      [['8'], () => sequenceFigures(log)],
      [['9'], () => exportFigures(log)],
      [['10'], () => reportFigures(log)],
      [['11'], () => personWriteFigures(config.rounds, log)],
      [['12'], () => personSearchFigures(config, log)],
      [['13'], () => importFigures(Number(process.env.BENCH_IMPORT_ROWS ?? 50_000), log)],
      [['14'], () => generationFigures(Number(process.env.BENCH_GENERATION_ROWS ?? 100_000), log)],
      [['15'], () => partyBalanceFigures(config, log)],
    ];
    for (const [figures, run] of groups) {
      if (!figures.some((f) => config.only.has(f))) continue;
      // A figure that fails is printed as a MISS with its error; the others still run.
      const measured = await run().catch((error: Error): Row[] => [
        { figure: figures.join(','), name: 'failed', value: '—', baseline: '—', ratio: '—', target: '—', verdict: 'MISS', note: error.message.split('\n')[0] },
      ]);
      rows.push(...measured);
      log(`figures ${figures.join(',')} done`);
      console.log(formatTable(measured));
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log(`\n${formatTable(rows)}\n`);
  const misses = rows.filter((r) => r.verdict === 'MISS').length;
  log(`done: ${rows.filter((r) => r.verdict === 'PASS').length} PASS, ${misses} MISS`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
