import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded files live, by key (`<module>/<field>/<uuid>`): the record keeps only
 * the file's row in the space's `files` table. Here a folder under DATA_DIR; the documents' file
 * services (S3, FTP) implement the same four calls.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** The bytes as a stream, to answer a download without holding the file in memory. */
  stream(key: string): Readable;
  /** Removes the bytes; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the server, never from a name a person sent: only these characters. */
export const STORAGE_KEY = /^[a-z0-9_]+(\/[a-z0-9_-]+)*$/;

export function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  return key;
}
