import { isIP } from 'node:net';
import { PassThrough, Readable, Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import { Client, FTPError } from 'basic-ftp';
import { parseAllowedHosts, resolvePublicAddresses, type AllowedHosts } from '../net/outbound.js';
import { checkedKey, StorageNotFoundError, type FileStorage } from './storage.js';

export interface FtpStorageOptions {
  host: string;
  port?: number;
  username: string;
  password: string;
  /** Seconds a command or a transfer may stay silent. */
  timeoutSeconds?: number;
  /** Only passive transfers are made (basic-ftp has no active mode): `false` is refused. */
  passive?: boolean;
  /** Explicit FTPS (AUTH TLS). */
  ssl?: boolean;
  /** The remote folder the keys go under, from the account's home; default the home itself. */
  folder?: string;
  /** Default: OUTBOUND_ALLOWED_HOSTS (and MONITOR_ALLOWED_HOSTS). */
  allowedHosts?: AllowedHosts;
}

/**
 * An FTP server through basic-ftp. Each call opens its own connection (calls may run at once) to the
 * address the outbound-address guard resolved the host to; passive data connections go to that same
 * address whatever the server's PASV answer names (basic-ftp's default), so a server cannot send a
 * transfer to a private address. A file is uploaded beside its place and renamed into it.
 */
export function ftpStorage(options: FtpStorageOptions): FileStorage {
  if (options.passive === false) throw new Error('O modo ativo de FTP não é suportado; use o modo passivo.');
  const allowedHosts = options.allowedHosts ?? parseAllowedHosts();
  const timeout = (options.timeoutSeconds ?? 30) * 1000;
  const folder = (options.folder ?? '').replace(/\/+$/, '');
  const pathOf = (key: string) => (folder ? `${folder}/` : '') + checkedKey(key);

  async function connected<T>(work: (client: Client) => Promise<T>, keep = false): Promise<T> {
    const [address] = await resolvePublicAddresses(options.host, allowedHosts);
    const client = new Client(timeout);
    try {
      await client.access({
        host: address.address,
        port: options.port ?? 21,
        user: options.username,
        password: options.password,
        secure: options.ssl ?? false,
        secureOptions: isIP(options.host) === 0 ? { servername: options.host } : undefined,
      });
      const result = await work(client);
      if (!keep) client.close();
      return result;
    } catch (error) {
      client.close();
      throw error;
    }
  }
  const missing = (key: string) => (error: unknown) => {
    throw error instanceof FTPError && error.code === 550 ? new StorageNotFoundError(key) : error;
  };

  return {
    put: (key, bytes) =>
      connected(async (client) => {
        const path = pathOf(key);
        const name = posix.basename(path);
        await client.ensureDir(posix.dirname(path));
        const partial = `${name}.${randomUUID()}.partial`;
        await client.uploadFrom(Readable.from([bytes]), partial);
        await client.rename(partial, name);
      }),
    get: (key) =>
      connected(async (client) => {
        const chunks: Buffer[] = [];
        const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) });
        // SIZE answers 550 for a missing file on every server; RETR's answer varies (ftp-srv: 551).
        await client.size(pathOf(key)).catch(missing(key));
        await client.downloadTo(sink, pathOf(key));
        return Buffer.concat(chunks);
      }),
    async stream(key) {
      const client = await connected(async (client) => {
        await client.size(pathOf(key)).catch(missing(key));
        return client;
      }, true);
      const out = new PassThrough();
      client
        .downloadTo(out, pathOf(key))
        .catch((error: unknown) => out.destroy(error as Error))
        .finally(() => client.close());
      return out;
    },
    exists: (key) =>
      connected(async (client) => {
        try {
          await client.size(pathOf(key));
          return true;
        } catch (error) {
          if (error instanceof FTPError && error.code === 550) return false;
          throw error;
        }
      }),
    delete: (key) =>
      connected(async (client) => {
        await client.remove(pathOf(key), true);
      }),
  };
}
