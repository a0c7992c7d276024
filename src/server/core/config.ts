import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Project root: where `schemas/` and `generated/` are found. */
  root: string;
  /** WEB_DIR: the built web client (default `dist/web`). */
  webDir: string;
  /**
   * TRUST_PROXY: addresses of the reverse proxies whose X-Forwarded-For is believed (comma-separated),
   * or 'true' for any. Off by default, so a client cannot pick the address the login lock counts.
   */
  trustProxy: boolean | string[];
  dataDir: string;
  /** `postgres://…` puts the platform database on PostgreSQL; absent means PGlite under dataDir. */
  databaseUrl: string | null;
  adminEmail: string;
  /** The initial administrator's password. */
  adminPassword: string;
  /** True when the password was generated, so it must be printed once. */
  adminPasswordGenerated: boolean;
  seedDemo: boolean;
  /** Origins allowed by CORS (the Vite dev server). */
  corsOrigins: (string | RegExp)[];
  version: string;
  /** How long an access token lives, in seconds. */
  tokenTtlSeconds: number;
  /** SYSTEM_NAME: the system the default space belongs to, shown in the page title; null when unset. */
  systemName: string | null;
  /** REPORT_INTERVAL_MS: how often a process looks for waiting reports (a report asked of it is taken at once). */
  reportIntervalMs: number;
  /** DEADLINE_REMINDER_INTERVAL_MS: how often a process looks for deadline reminders due (default a minute; 0: never). */
  deadlineReminderIntervalMs: number;
  /** Where `GET /api/cep/{cep}` asks for an address, in order (the postal-code feature). */
  postalCode: PostalCodeSettings;
  /** PUBLIC_BASE_URL: the address people reach the product at, which certificates' QR codes lead to (`{base}/verificar/{code}`). */
  publicBaseUrl: string;
  /** VERIFY_RATE_LIMIT: how many certificate verifications one address may ask a minute. */
  verifyRateLimit: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: how long an idle HTTP connection is kept open for the client's next request. */
  keepAliveTimeoutMs: number;
}

/** The postal-code providers' addresses and how long each may take. */
export interface PostalCodeSettings {
  /** POSTAL_CODE_VIACEP_URL: ViaCEP's base address (`{base}/ws/{cep}/json/`); empty leaves it out. */
  viaCepUrl: string;
  /** POSTAL_CODE_BRASILAPI_URL: BrasilAPI's base address (`{base}/api/cep/v1/{cep}`); empty leaves it out. */
  brasilApiUrl: string;
  /** POSTAL_CODE_TIMEOUT_MS: the time one provider has to answer, connection included. */
  timeoutMs: number;
}

/**
 * Reads the configuration from the environment.
 * @example loadConfig({ PORT: '9000' }).port // 9000
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const password = env.ADMIN_PASSWORD?.trim();
  return {
    port: Number(env.PORT ?? 8000),
    host: env.HOST ?? '0.0.0.0',
    root,
    webDir: resolve(root, env.WEB_DIR ?? 'dist/web'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir: resolve(root, env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@example.com').trim().toLowerCase(),
    adminPassword: password || randomBytes(12).toString('base64url'),
    adminPasswordGenerated: !password,
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    // The client runs on port 8080 of whatever host serves it in development.
    corsOrigins: [/^https?:\/\/[^/]+:8080$/],
    version: readVersion(root),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    systemName: env.SYSTEM_NAME?.trim() || null,
    reportIntervalMs: Number(env.REPORT_INTERVAL_MS ?? 1_000),
    deadlineReminderIntervalMs: nonNegativeNumber(env.DEADLINE_REMINDER_INTERVAL_MS, 60_000),
    postalCode: {
      viaCepUrl: baseUrl(env.POSTAL_CODE_VIACEP_URL, 'https://viacep.com.br'),
      brasilApiUrl: baseUrl(env.POSTAL_CODE_BRASILAPI_URL, 'https://brasilapi.com.br'),
      timeoutMs: positiveNumber(env.POSTAL_CODE_TIMEOUT_MS, 3_000),
    },
    publicBaseUrl: baseUrl(env.PUBLIC_BASE_URL, `http://localhost:${Number(env.PORT ?? 8000)}`),
    verifyRateLimit: positiveNumber(env.VERIFY_RATE_LIMIT, 30),
    // Fastify's own default: longer than the usual proxy's and browser's, so the client closes first.
    keepAliveTimeoutMs: positiveNumber(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 72_000),
  };
}

function readVersion(root: string): string {
  try {
    return JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** A base address without its trailing slashes; unset means the default, empty means none. */
function baseUrl(value: string | undefined, fallback: string): string {
  return (value === undefined ? fallback : value.trim()).replace(/\/+$/, '');
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const number = Number(value?.trim());
  return value?.trim() && Number.isFinite(number) && number > 0 ? number : fallback;
}

function nonNegativeNumber(value: string | undefined, fallback: number): number {
  const number = Number(value?.trim());
  return value?.trim() && Number.isFinite(number) && number >= 0 ? number : fallback;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}
