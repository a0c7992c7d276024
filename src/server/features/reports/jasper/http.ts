/**
 * One request to a JasperReports Server: a fresh connection through the outbound guard (the
 * address connected must be public unless its host is allowed), no redirect followed, the body read
 * up to a cap, and the session cookie the server sets kept for the next request (an execution
 * belongs to the session that started it).
 */
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, type AllowedHosts } from '../../../core/net/outbound.js';

export interface JasperResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface JasperSession {
  base: URL;
  authorization: string;
  allowedHosts: AllowedHosts;
  signal: AbortSignal;
  /** `name=value` of the cookies the server set (JSESSIONID). */
  cookies: Map<string, string>;
}

export class ResponseTooLarge extends Error {}

const USER_AGENT = 'conselho-backoffice-reports/1.0';

/** `path` below the server's address (`/rest_v2/reportExecutions`), keeping the address's own path (`/jasperserver`). */
export function serverUrl(base: URL, path: string): URL {
  const url = new URL(base.toString());
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  return url;
}

export function jasperRequest(session: JasperSession, method: string, path: string, options: { json?: unknown; maxBytes: number }): Promise<JasperResponse> {
  const url = serverUrl(session.base, path);
  const client = url.protocol === 'https:' ? https : http;
  const payload = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise<JasperResponse>((resolve, reject) => {
    const request = client.request(url, {
      method,
      agent: false,
      lookup: guardedLookup(session.allowedHosts) as never,
      signal: session.signal,
      timeout: 60_000,
      headers: {
        'user-agent': USER_AGENT,
        accept: 'application/json, */*',
        authorization: session.authorization,
        ...(cookie ? { cookie } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : { 'content-length': '0' }),
      },
    });
    request.on('timeout', () => request.destroy(new Error('tempo esgotado')));
    request.on('error', (error) => reject(session.signal.aborted ? session.signal.reason : error));
    request.on('response', (response) => {
      for (const line of response.headers['set-cookie'] ?? []) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) session.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new ResponseTooLarge());
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      response.on('error', (error) => reject(session.signal.aborted ? session.signal.reason : error));
    });
    request.end(payload);
  });
}
