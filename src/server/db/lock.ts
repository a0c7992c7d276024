import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

const STALE_MS = 15_000;

export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `A pasta de dados "${dataDir}" já está aberta por outro processo; pare o outro servidor ou use outro DATA_DIR. ` +
        `(The data folder "${dataDir}" is already open by another process; stop it or use another DATA_DIR.) ` +
        `Se o outro processo terminou de forma abrupta, a trava expira em ${STALE_MS / 1000} segundos.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/** Takes the folder for this process (a `<dataDir>.lock` beside it); returns the release function. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
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
