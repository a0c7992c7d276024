import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { lockDataFolder } from './lock.js';

/** A PGlite served from a worker thread on a private Unix socket; `pg` connects to `socketDir`. */
export interface PgliteHost {
  socketDir: string;
  port: number;
  stop(): Promise<void>;
}

// pg finds a Unix socket as `<host>/.s.PGSQL.<port>`.
const SOCKET_PORT = 5432;
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** PostgreSQL and initdb compiled to WebAssembly, and the files PostgreSQL reads at start, as PGlite ships them. */
export interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let artifacts: Promise<PgliteArtifacts> | undefined;

/**
 * Compiled once per process and handed to every PGlite it opens: each space's worker would
 * otherwise read and compile 9 MB of WebAssembly again, and optimise its hot functions again, where
 * one compiled module serves them all (and keeps one copy of its machine code).
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= (async () => {
    const dist = pathToFileURL(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')) + sep);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((file) => WebAssembly.compile(readFileSync(new URL(file, dist)))),
    );
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([readFileSync(new URL('pglite.data', dist))]) };
  })();
  return artifacts;
}

export async function startPgliteHost(dataDir: string): Promise<PgliteHost> {
  const folder = resolve(dataDir);
  const release = await lockDataFolder(folder);
  const socketDir = mkdtempSync(join(tmpdir(), 'pglite-'));
  const worker = new Worker(WORKER_URL, {
    workerData: { dataDir: folder, socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), ...(await pgliteArtifacts()) },
    // tsx and vitest loaders are not needed (the worker is plain JavaScript) and some break workers.
    execArgv: [],
  });
  const cleanUp = async () => {
    rmSync(socketDir, { recursive: true, force: true });
    await release();
  };
  try {
    await waitFor(worker, 'ready');
  } catch (error) {
    await worker.terminate();
    await cleanUp();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      worker.postMessage({ type: 'close' });
      await waitFor(worker, 'closed').catch(() => undefined);
      await worker.terminate();
      await cleanUp();
    })();
    return stopping;
  };
  return { socketDir, port: SOCKET_PORT, stop };
}

function waitFor(worker: Worker, type: 'ready' | 'closed'): Promise<void> {
  return new Promise((done, fail) => {
    const onMessage = (message: { type: string; message?: string }) => {
      if (message.type === type) finish(done);
      else if (message.type === 'failed') finish(() => fail(new Error(`PGlite não iniciou: ${message.message}`)));
    };
    const onError = (error: Error) => finish(() => fail(error));
    const onExit = (code: number) => finish(() => (type === 'closed' ? done() : fail(new Error(`PGlite worker exited (${code})`))));
    const finish = (then: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      then();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}
