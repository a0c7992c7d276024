import { dirname, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { localFolderStorage } from './local.js';
import type { FileStorage } from './storage.js';

/** The space whose files are asked for: its database, and its name (which names its folders). */
export interface FilesSpace {
  name: string;
  /** The default space keeps its files where every file was kept before spaces had folders: DATA_DIR/files. */
  isDefault: boolean;
  db: Kysely<SpaceDatabase>;
}

/** Where new files go: the space's file service in use, or its own folder (`serviceId` null). */
export interface ActiveStorage {
  serviceId: number | null;
  storage: FileStorage;
}

/**
 * Which storage holds a space's files. A file's row names the service that holds its bytes
 * (`files.service_id`, null for the space's own folder), so a file is read and deleted where it was
 * put whatever service is in use later.
 * @example const { serviceId, storage } = await storages.active(space); await storage.put(key, bytes);
 */
export interface FileStorages {
  /** Where an upload puts its bytes now. */
  active(space: FilesSpace): Promise<ActiveStorage>;
  /** The storage of a file whose row names `serviceId`. */
  of(space: FilesSpace, serviceId: number | null): Promise<FileStorage>;
}

/** The same, for one space: what a write's context and the file routes hold. */
export interface SpaceStorages {
  active(): Promise<ActiveStorage>;
  of(serviceId: number | null): Promise<FileStorage>;
}

/**
 * A space's folders under the files root (DATA_DIR/files):
 * - `own`: its files while no service is in use; DATA_DIR/files itself for the default space (the
 *   layout of before), `spaces/<space>/default` for any other;
 * - `local`: where its Local services' folders are (`spaces/<space>/local/<local_path>`), so two
 *   spaces naming the same folder never share it.
 */
export function spaceFolders(filesRoot: string, space: Pick<FilesSpace, 'name' | 'isDefault'>): { own: string; local: string } {
  const root = resolve(filesRoot);
  const folder = resolve(root, 'spaces', space.name);
  // Space names are letters, digits and inner `_ . -` (platform/space-name.ts): one folder, never a way out.
  if (dirname(folder) !== resolve(root, 'spaces')) throw new Error(`Nome de espaço impróprio para pasta: ${JSON.stringify(space.name)}`);
  return { own: space.isDefault ? root : resolve(folder, 'default'), local: resolve(folder, 'local') };
}

/** Every space keeps its files in its own folder: the storages of an app where no feature offers file services. */
export function ownFolders(filesRoot: string): FileStorages {
  const own = (space: FilesSpace) => localFolderStorage(spaceFolders(filesRoot, space).own);
  return {
    active: async (space) => ({ serviceId: null, storage: own(space) }),
    of: async (space, serviceId) => {
      if (serviceId !== null) throw new Error(`No feature keeps file services, but a file names service ${serviceId}.`);
      return own(space);
    },
  };
}
