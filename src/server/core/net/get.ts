import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, guardedLookup, OutboundRefusedError, parseAllowedHosts, type AllowedHosts } from './outbound.js';

export interface GuardedGetOptions {
  /** Aborts the request, whatever stage it is in (`AbortSignal.timeout(ms)` for a time limit). */
  signal: AbortSignal;
  /** The body read at most; a longer one fails with `ResponseTooLargeError`. */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Default: OUTBOUND_ALLOWED_HOSTS and MONITOR_ALLOWED_HOSTS at the time of the request. */
  allowedHosts?: AllowedHosts;
}

export interface GuardedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`A resposta passou de ${maxBytes} bytes.`);
  }
}

/**
 * One GET through the outbound guard: http or https only, the address connected public unless its
 * host is allowed (`guardedLookup`, on a fresh connection), no redirect followed (a 3xx is answered
 * as it came), the body read up to a cap. Rejects with OutboundRefusedError, OutboundDnsError,
 * ResponseTooLargeError, the signal's reason or the connection's error.
 * @example await guardedGet(new URL('https://viacep.com.br/ws/01001000/json/'), { signal: AbortSignal.timeout(3000), maxBytes: 65536 })
 */
export function guardedGet(address: string | URL, options: GuardedGetOptions): Promise<GuardedAnswer> {
  const allowedHosts = options.allowedHosts ?? parseAllowedHosts();
  const checked = checkOutboundUrl(address, allowedHosts);
  if (!checked.ok) return Promise.reject(new OutboundRefusedError(checked.reason));
  const url = checked.url;
  const client = url.protocol === 'https:' ? https : http;
  const { signal } = options;
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const failed = (error: unknown) => reject(signal.aborted ? signal.reason : error);
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup(allowedHosts) as never,
      signal,
      headers: { accept: 'application/json', ...options.headers },
    });
    request.on('error', failed);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new ResponseTooLargeError(options.maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      response.on('error', failed);
      response.on('aborted', () => failed(new Error('A conexão foi interrompida.')));
    });
    request.end();
  });
}
