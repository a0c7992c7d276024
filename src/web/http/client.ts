import { HttpError } from 'ra-core';
import type { Session } from './session';
import type { ConnectionStatus } from './status';

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the base address, e.g. `/api/estados_civis`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface HttpResponse<T = unknown> {
  status: number;
  json: T;
  /** The answer's headers (`Content-Range`, `ETag`) and its text, as react-admin's `fetchJson` gives them. */
  headers: Headers;
  body: string;
}

export interface HttpClientOptions {
  baseUrl: string;
  session: Session;
  status: ConnectionStatus;
  timeoutMs?: number;
}

export type HttpClient = <T = unknown>(request: HttpRequest) => Promise<HttpResponse<T>>;

/**
 * The one HTTP client: the specification's headers, a 30 s timeout, the connection state, and errors as
 * react-admin's HttpError whose `body.errors` carries the first message of each field (422).
 */
export function createHttpClient({ baseUrl, session, status, timeoutMs = 30_000 }: HttpClientOptions): HttpClient {
  return async function request<T>({ method = 'GET', path, query, body }: HttpRequest): Promise<HttpResponse<T>> {
    const url = new URL(path, baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': 'pt-BR',
      'Local-Ip-Address': '127.0.0.1',
    };
    const token = session.token();
    const tenant = session.tenant();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (tenant) headers.Tenant = tenant;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    status.started();
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      status.lost();
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new HttpError(timedOut ? 'O servidor demorou demais para responder.' : 'Sem conexão com o servidor.', 0, {});
    } finally {
      status.finished();
    }
    const text = await response.text();
    const json = parseJson(text);
    if (response.status === 502) {
      status.lost();
    } else {
      status.reached();
    }
    if (response.ok) return { status: response.status, json: json as T, headers: response.headers, body: text };
    if (response.status === 401) status.access('unauthorized');
    if (response.status === 403) status.access('forbidden');
    const refusal = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    throw new HttpError(messageOf(refusal, response.status), response.status, { ...refusal, errors: firstMessages(refusal.errors) });
  };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(json: Record<string, unknown>, status: number): string {
  if (typeof json.message === 'string' && json.message) return json.message;
  if (status === 403) return 'Você não tem permissão para executar esta ação.';
  if (status === 502) return 'Serviço indisponível no momento.';
  return 'Houve um erro ao tentar processar a sua requisição';
}

/** `{ name: ['a', 'b'] }` → `{ name: 'a' }`: react-admin shows one message per field. */
export function firstMessages(errors: unknown): Record<string, string> | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    out[field] = Array.isArray(messages) ? String(messages[0]) : String(messages);
  }
  return out;
}
