import http from 'node:http';
import https from 'node:https';
import { guardedLookup, type AllowedHosts } from '../../core/net/outbound.js';

export interface Exchange {
  status: number;
  location: string | undefined;
  /** The body up to the cap, as UTF-8 text (empty for redirects and HEAD). */
  body: string;
  truncated: boolean;
}

export interface ExchangeOptions {
  method: string;
  allowedHosts: AllowedHosts;
  maxBodyBytes: number;
  /** Aborts the request, whatever stage it is in. */
  signal: AbortSignal;
  readBody: (status: number) => boolean;
}

const USER_AGENT = 'conselho-backoffice-monitor/1.0';

/**
 * One request on a fresh connection (no agent pooling, so every connection goes through the guarded
 * lookup). Reads at most `maxBodyBytes` of the body, then closes the connection.
 */
export function exchange(url: URL, options: ExchangeOptions): Promise<Exchange> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Exchange>((resolve, reject) => {
    const request = client.request(url, {
      method: options.method,
      agent: false,
      lookup: guardedLookup(options.allowedHosts) as never,
      signal: options.signal,
      headers: { 'user-agent': USER_AGENT, accept: '*/*', 'content-length': '0' },
    });
    request.on('error', (error) => reject(options.signal.aborted ? options.signal.reason : error));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!options.readBody(status) || options.method === 'HEAD') {
        response.destroy();
        resolve({ status, location, body: '', truncated: false });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      response.on('data', (chunk: Buffer) => {
        const room = options.maxBodyBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (chunk.length >= room) {
          truncated = chunk.length > room;
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => reject(options.signal.aborted ? options.signal.reason : error));
      response.on('aborted', () => reject(options.signal.aborted ? options.signal.reason : new Error('aborted')));
      let done = false;
      function finish() {
        if (done) return;
        done = true;
        resolve({ status, location, body: Buffer.concat(chunks).toString('utf8'), truncated });
      }
    });
    request.end();
  });
}
