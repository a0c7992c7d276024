import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded files live, by key (`<module>/<field>/<uuid>`): the record keeps only
 * the file's row in the space's `files` table. Three adapters implement it: a folder on this machine
 * (local.ts), an Amazon S3 or S3-compatible bucket (s3.ts) and an FTP server (ftp.ts); the contract
 * every one of them passes is tests/storage/contract.test.ts.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what it held. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes; StorageNotFoundError when the key holds nothing. */
  get(key: string): Promise<Buffer>;
  /** The bytes as a stream, to answer a download without holding the file in memory; StorageNotFoundError as get. */
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the bytes; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of what the adapter keeps open between calls (an S3 client's connections). */
  close?(): void;
}

/** The key holds nothing (never stored, or deleted). */
export class StorageNotFoundError extends Error {
  readonly code = 'STORAGE_NOT_FOUND';
  constructor(readonly key: string) {
    super(`Arquivo não encontrado no armazenamento: ${key}`);
  }
}

/** Keys are made by the server, never from a name a person sent: only these characters. */
export const STORAGE_KEY = /^[a-z0-9_]+(\/[a-z0-9_-]+)*$/;

export function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  return key;
}
