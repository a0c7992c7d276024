import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `A pasta de dados "${dataDir}" já está aberta por outro processo; pare o outro servidor ou use outro DATA_DIR. ` +
        `(The data folder "${dataDir}" is already open by another process; stop it or use another DATA_DIR.)`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/** Takes the folder for this process (a `<dataDir>.lock` beside it); returns the release function. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { stale: 15_000, update: 5_000, retries: 0 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataFolderInUseError(dataDir);
    throw error;
  }
}
