import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import lockfile from 'proper-lockfile';

const STALE_MS = 15_000;

export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `A pasta de dados "${dataDir}" já está aberta por outro processo; pare o outro servidor ou use outro DATA_DIR. ` +
        `(The data folder "${dataDir}" is already open by another process; stop it or use another DATA_DIR.)`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * Takes the folder for this process; returns the release function. Two live processes never open
 * one folder (PGlite would corrupt it), and a folder whose process died, even by `kill -9`, opens
 * at once.
 *
 * On Linux the lock is a Unix socket in the abstract namespace named after the folder: the kernel
 * frees the name the moment its process ends, so no stale lock is ever left behind. (Abstract
 * names are per network namespace: processes in separate containers sharing one folder do not see
 * each other's lock.) Elsewhere a `<dataDir>.lock` folder is kept fresh while the process lives,
 * and one left by a dead process is taken over once it is 15 seconds old.
 */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  return process.platform === 'linux' ? holdAbstractSocket(dataDir) : holdLockFolder(dataDir);
}

function holdAbstractSocket(dataDir: string): Promise<() => Promise<void>> {
  const name = `\0conselho-data-folder:${createHash('sha256').update(realpathSync(dataDir)).digest('hex')}`;
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new DataFolderInUseError(dataDir) : error));
    server.listen(name, () => {
      // The lock must not keep an otherwise finished process alive.
      server.unref();
      resolve(() => new Promise<void>((done) => server.close(() => done())));
    });
  });
}

async function holdLockFolder(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      stale: STALE_MS,
      update: STALE_MS / 3,
      retries: 0,
      // The default handler throws from a timer and would bring the whole server down.
      onCompromised: (error) => console.warn(`Trava da pasta de dados ${dataDir} comprometida: ${error.message}`),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataFolderInUseError(dataDir);
    throw error;
  }
}
