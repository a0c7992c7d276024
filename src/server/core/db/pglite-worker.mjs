// Runs one PGlite instance off the main thread and serves it on a Unix socket, so a long query
// never blocks the HTTP server. Plain JavaScript: worker threads start without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, pgliteWasmModule, initdbWasmModule, fsBundle } = workerData;

// PGlite starts Postgres with -F (fsync off); without it every commit reaches the disk.
const startParams = PGlite.defaultStartParams.filter((param) => param !== '-F');

let db;
let server;
try {
  // The WebAssembly modules and file bundle the process compiled and read once (pglite-host.ts).
  db = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent }, startParams, pgliteWasmModule, initdbWasmModule, fsBundle });
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}

parentPort.on('message', async (message) => {
  if (message?.type !== 'close') return;
  try {
    await server?.stop();
    await db?.close();
  } finally {
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  }
});
