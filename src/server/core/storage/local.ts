import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { checkedKey, StorageNotFoundError, type FileStorage } from './storage.js';

/**
 * The storage of a folder on this machine (`DATA_DIR/files`, or a file service's local folder). A
 * file is written beside its place and renamed into it, so a crash leaves either the whole file or
 * none. A key's path never leaves the folder: the key's characters are checked, then its resolved
 * path must start inside the folder.
 */
export function localFolderStorage(folder: string): FileStorage {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    const path = resolve(join(root, checkedKey(key)));
    if (!path.startsWith(root + sep)) throw new Error(`Chave de armazenamento fora da pasta: ${key}`);
    return path;
  };
  const missing = (key: string) => (error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' || error.code === 'EISDIR' ? new StorageNotFoundError(key) : error;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, path);
    },
    async get(key) {
      return readFile(pathOf(key)).catch(missing(key));
    },
    async stream(key) {
      const handle = await open(pathOf(key), 'r').catch(missing(key));
      return handle.createReadStream();
    },
    async exists(key) {
      const path = pathOf(key);
      return stat(path).then((info) => info.isFile(), () => false);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
