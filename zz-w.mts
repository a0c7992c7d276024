import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
const cpu = () => { const u = process.cpuUsage(); return ((u.user + u.system) / 1e6).toFixed(2); };
const copy = () => { const d = join(mkdtempSync(join(tmpdir(), 'zz-')), 'db'); execFileSync('cp', ['-R', '/tmp/conselho-template-space-05af64cd5df6/.', d]); return d; };
const mode = process.argv[2];
let wasmModule: WebAssembly.Module | undefined;
if (mode === 'module') {
  const path = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
  const t = performance.now();
  wasmModule = await WebAssembly.compile(readFileSync(path));
  console.log('compile', (performance.now() - t).toFixed(0), 'ms cpu', cpu());
}
for (let i = 0; i < 3; i++) {
  const d = copy();
  const c0 = Number(cpu()); const t = performance.now();
  const db = await PGlite.create({ dataDir: d, ...(wasmModule ? { wasmModule } : {}) });
  await db.query('select count(*) from users');
  console.log(mode, 'open', (performance.now() - t).toFixed(0), 'ms, cpu', (Number(cpu()) - c0).toFixed(2));
  await db.close();
}
