import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import { checkOutboundUrl, guardedLookup, parseAllowedHosts, type AllowedHosts } from '../net/outbound.js';
import { checkedKey, StorageNotFoundError, type FileStorage } from './storage.js';

type S3Sdk = typeof import('@aws-sdk/client-s3');

export interface S3StorageOptions {
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service's address (MinIO, Wasabi…); absent → Amazon's in the region. Path-style requests when set. */
  endpoint?: string | null;
  /** A folder inside the bucket the keys go under. */
  prefix?: string;
  /** Default: OUTBOUND_ALLOWED_HOSTS (and MONITOR_ALLOWED_HOSTS). */
  allowedHosts?: AllowedHosts;
}

/**
 * An Amazon S3 (or S3-compatible) bucket through @aws-sdk/client-s3. The endpoint passes the
 * outbound-address guard: an IP literal is checked at once, and every connection resolves its host
 * through `guardedLookup`, so a name pointing to a private address is refused when connecting.
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const allowedHosts = options.allowedHosts ?? parseAllowedHosts();
  if (options.endpoint) {
    const guard = checkOutboundUrl(options.endpoint, allowedHosts);
    if (!guard.ok) throw new Error(guard.reason);
  }
  const lookup = guardedLookup(allowedHosts) as never;
  // The SDK is loaded at the first request: a start without a bucket to reach does not read it.
  let connection: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk['S3Client']> }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint || undefined,
        forcePathStyle: Boolean(options.endpoint),
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        requestHandler: { httpAgent: new HttpAgent({ keepAlive: true, lookup }), httpsAgent: new HttpsAgent({ keepAlive: true, lookup }) },
        // The SDK's checksums on by default are not understood by every S3-compatible service.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => prefix + checkedKey(key);
  const missing = (sdk: S3Sdk, key: string) => (error: unknown) => {
    if (isNotFound(sdk, error)) throw new StorageNotFoundError(key);
    throw error;
  };
  const body = async (key: string) => {
    const { sdk, client } = await connect();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) })).catch(missing(sdk, key));
    if (!answer.Body) throw new StorageNotFoundError(key);
    return answer.Body;
  };
  return {
    async put(key, bytes) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.length }));
    },
    async get(key) {
      return Buffer.from(await (await body(key)).transformToByteArray());
    },
    async stream(key) {
      const bytes = await body(key);
      return bytes instanceof Readable ? bytes : Readable.fromWeb(bytes.transformToWebStream() as never);
    },
    async exists(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch((error: unknown) => {
        if (!isNotFound(sdk, error)) throw error;
      });
    },
    close() {
      void connection?.then(({ client }) => client.destroy());
    },
  };
}

function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
}
