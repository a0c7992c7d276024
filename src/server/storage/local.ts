import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { checkedKey, type FileStorage } from './storage.js';

/**
 * The storage of a folder on this machine (`DATA_DIR/files`). A file is written beside its place and
 * renamed into it, so a crash leaves either the whole file or none.
 */
export function localFolderStorage(folder: string): FileStorage {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    const path = resolve(join(root, checkedKey(key)));
    if (!path.startsWith(root + sep)) throw new Error(`Chave de armazenamento fora da pasta: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, path);
    },
    get: (key) => readFile(pathOf(key)),
    stream: (key) => createReadStream(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
