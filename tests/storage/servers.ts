/**
 * The servers the storage tests keep files on, started on loopback: an S3-compatible server
 * (s3rver) and an FTP server (ftp-srv), each in a temporary folder, and a way to count what each
 * holds. The outbound guard lets them through only where a test allows 127.0.0.1 (`LOOPBACK`, or
 * OUTBOUND_ALLOWED_HOSTS for a service a space keeps).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import FtpSrv from 'ftp-srv';
import S3rver from 's3rver';
import { parseAllowedHosts } from '../../src/server/core/net/outbound.js';
import { filesUnder } from '../files/support.js';

export const LOOPBACK = parseAllowedHosts('127.0.0.1');

/** ftp-srv logs through bunyan; the tests want silence. */
const quiet = { child: () => quiet, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };

/** Temporary folders and servers a test file starts, all removed by `stop()`. */
export class TestServers {
  private readonly folders: string[] = [];
  private readonly closers: (() => Promise<unknown>)[] = [];

  async folder(name: string): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), `storage-${name}-`));
    this.folders.push(folder);
    return folder;
  }

  /** An s3rver holding the given buckets, at `http://127.0.0.1:<port>`. */
  async s3(buckets: string[]): Promise<S3Server> {
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: await this.folder('s3'), configureBuckets: buckets.map((name) => ({ name })) });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({ endpoint, region: 'sa-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    this.closers.push(async () => {
      client.destroy();
      await server.close();
    });
    return {
      endpoint,
      port,
      async keys(bucket: string) {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
          keys.push(...(page.Contents ?? []).map((object) => object.Key!));
          token = page.NextContinuationToken;
        } while (token);
        return keys.sort();
      },
    };
  }

  /**
   * An ftp-srv taking one account whose home is a temporary folder; passive transfers on ports of
   * `passive` (a range of its own per test file, so servers of files run at once never share one).
   */
  async ftp(account: { username: string; password: string }, passive: [number, number]): Promise<FtpServer> {
    const root = await this.folder('ftp');
    const server = new FtpSrv({ url: 'ftp://127.0.0.1:0', pasv_url: '127.0.0.1', pasv_min: passive[0], pasv_max: passive[1], anonymous: false, log: quiet as never });
    server.on('login', ({ username, password }, resolve, reject) => {
      if (username === account.username && password === account.password) resolve({ root });
      else reject(new Error('Usuário ou senha inválidos.'));
    });
    await server.listen();
    this.closers.push(() => server.close());
    const port = (server as unknown as { server: { address(): { port: number } } }).server.address().port;
    return { port, root, files: () => filesUnder(root) };
  }

  async stop(): Promise<void> {
    for (const close of this.closers.splice(0)) await close().catch(() => undefined);
    for (const folder of this.folders.splice(0)) await rm(folder, { recursive: true, force: true });
  }
}

export interface S3Server {
  endpoint: string;
  port: number;
  /** Every key the bucket holds, sorted. */
  keys(bucket: string): Promise<string[]>;
}

export interface FtpServer {
  port: number;
  /** The account's home on disk. */
  root: string;
  /** Every file under the home, relative to it. */
  files(): string[];
}
