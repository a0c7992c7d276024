import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Keep-alive HTTP on loopback only: every address the bench calls is 127.0.0.1. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export interface Answer {
  status: number;
  body: string;
}

export function get(url: string, headers: Record<string, string> = {}, via = agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: via, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A JSON body sent with `method` over the keep-alive agent; the answer's body as text. */
export function send(method: string, url: string, payload: unknown, headers: Record<string, string> = {}, via = agent): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: via, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<any> {
  const answer = await get(url, headers);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body);
}

export async function postJson(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

export async function logIn(base: string, email: string, password: string): Promise<string> {
  const { status, body } = await postJson(`${base}/api/auth`, { email, password });
  if (status !== 200) throw new Error(`login answered ${status}`);
  return body.data.token;
}

/**
 * Requests per second with `connections` clients each sending one request after the other for
 * `seconds` (bounded in time and count). Only answers of status 200 count.
 */
export async function throughput(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<{ rps: number; errors: number }> {
  const via = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = performance.now() + seconds * 1000;
  let ok = 0;
  let errors = 0;
  const client = async () => {
    for (let i = 0; i < 1_000_000 && performance.now() < deadline; i++) {
      const answer = await get(url, headers, via).catch(() => ({ status: 0, body: '' }));
      if (answer.status === 200) ok += 1;
      else errors += 1;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - start) / 1000;
  via.destroy();
  return { rps: ok / elapsed, errors };
}
