import { performance } from 'node:perf_hooks';
import { exchange } from './http-exchange.js';
import { checkOutboundUrl, parseAllowedHosts, OutboundDnsError, OutboundRefusedError, type AllowedHosts } from '../../core/net/outbound.js';

export const CHECK_DEFAULTS = { timeoutMs: 10_000, maxBodyBytes: 1024 * 1024, maxRedirects: 5 } as const;
export const CHECK_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

export interface CheckTarget {
  url: string;
  /** get, head, post…; default get. */
  method?: string | null;
  /** The check fails when the body does not contain it. */
  lookForString?: string | null;
  /** Milliseconds; slower answers are a warning. */
  responseTimeLimitMs?: number | null;
}

export interface CheckOptions {
  /** One limit for everything: connecting, every redirect, headers and body. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** Default: OUTBOUND_ALLOWED_HOSTS and MONITOR_ALLOWED_HOSTS at the time of the check. */
  allowedHosts?: AllowedHosts;
}

export interface CheckResult {
  /** True for up and warning. */
  ok: boolean;
  outcome: 'up' | 'warning' | 'failure';
  /** The last HTTP status received; null when no answer came. */
  status: number | null;
  responseTimeMs: number;
  /** pt-BR; present for warnings and failures. */
  reason?: string;
  bodySnippet?: string;
  finalUrl?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const SNIPPET_LENGTH = 500;

class CheckFailure extends Error {
  constructor(readonly reason: string, readonly status: number | null = null) {
    super(reason);
  }
}

/** Runs one HTTP check of a monitor's address and judges it (up, warning or failure). */
export async function runCheck(target: CheckTarget, options: CheckOptions = {}): Promise<CheckResult> {
  const timeoutMs = options.timeoutMs ?? CHECK_DEFAULTS.timeoutMs;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const answer = await follow(target, options, signal);
    return judge(target, answer, elapsed());
  } catch (error) {
    const reason = signal.aborted ? `Tempo limite de ${formatSeconds(timeoutMs)} excedido.` : failureReason(error);
    return { ok: false, outcome: 'failure', status: error instanceof CheckFailure ? error.status : null, responseTimeMs: elapsed(), reason };
  }
}

async function follow(target: CheckTarget, options: CheckOptions, signal: AbortSignal) {
  const allowedHosts = options.allowedHosts ?? parseAllowedHosts();
  const maxRedirects = options.maxRedirects ?? CHECK_DEFAULTS.maxRedirects;
  const asked = (target.method || 'get').toLowerCase();
  if (!(CHECK_METHODS as readonly string[]).includes(asked)) throw new CheckFailure(`Método de verificação inválido: ${asked}.`);
  let method = asked.toUpperCase();
  let address: string | URL = target.url;
  for (let redirects = 0; ; redirects++) {
    const guard = checkOutboundUrl(address, allowedHosts);
    if (!guard.ok) throw new CheckFailure(guard.reason);
    const answer = await exchange(guard.url, {
      method,
      allowedHosts,
      signal,
      maxBodyBytes: options.maxBodyBytes ?? CHECK_DEFAULTS.maxBodyBytes,
      readBody: (status) => !REDIRECTS.has(status),
    });
    if (!REDIRECTS.has(answer.status)) return { ...answer, finalUrl: guard.url.toString() };
    if (!answer.location) throw new CheckFailure('Redirecionamento sem destino (cabeçalho Location).', answer.status);
    if (redirects >= maxRedirects) throw new CheckFailure(`Redirecionamentos demais (mais de ${maxRedirects}).`, answer.status);
    address = new URL(answer.location, guard.url);
    // Browsers turn a redirected POST into a GET except on 307 and 308.
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
    }
  }
}

function judge(target: CheckTarget, answer: { status: number; body: string; finalUrl: string }, responseTimeMs: number): CheckResult {
  const base = { status: answer.status, responseTimeMs, bodySnippet: answer.body.slice(0, SNIPPET_LENGTH), finalUrl: answer.finalUrl };
  if (answer.status < 200 || answer.status > 299) {
    return { ...base, ok: false, outcome: 'failure', reason: `Resposta HTTP ${answer.status} (esperado 2xx).` };
  }
  if (target.lookForString && !answer.body.includes(target.lookForString)) {
    return { ...base, ok: false, outcome: 'failure', reason: `Texto "${target.lookForString}" não encontrado na resposta.` };
  }
  const limit = target.responseTimeLimitMs;
  if (limit != null && limit > 0 && responseTimeMs > limit) {
    return { ...base, ok: true, outcome: 'warning', reason: `Tempo de resposta de ${responseTimeMs} ms acima do limite de ${limit} ms.` };
  }
  return { ...base, ok: true, outcome: 'up' };
}

const CONNECTION_REASONS: Record<string, string> = {
  ECONNREFUSED: 'Conexão recusada.',
  ECONNRESET: 'Conexão encerrada pelo servidor.',
  EHOSTUNREACH: 'Servidor inalcançável.',
  ENETUNREACH: 'Rede inalcançável.',
  ETIMEDOUT: 'Tempo esgotado ao conectar.',
  ENOTFOUND: 'Falha de DNS: endereço não encontrado.',
  EAI_AGAIN: 'Falha de DNS: tente novamente mais tarde.',
};

function failureReason(error: unknown): string {
  if (error instanceof CheckFailure || error instanceof OutboundRefusedError || error instanceof OutboundDnsError) return error.reason;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (CONNECTION_REASONS[code]) return CONNECTION_REASONS[code];
  if (/CERT|SSL|TLS/.test(code)) return `Falha no certificado TLS (${code}).`;
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return 'Resposta HTTP inválida.';
  return code ? `Falha na conexão (${code}).` : 'Falha na conexão.';
}

/** @example formatSeconds(1500) // '1,5 s' */
function formatSeconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 })} s`;
}
