import { DEFAULT_FAILURE_THRESHOLD } from './monitor-state.js';

/** How the platform watches its monitors; read from the environment at start-up. */
export interface MonitorSettings {
  /** MONITOR_INTERVAL_MS: time between two scheduler runs (each run checks the monitors then due). */
  intervalMs: number;
  /** MONITOR_FAILURE_THRESHOLD: consecutive failures before a monitor is 'down'. */
  failureThreshold: number;
  /** MONITOR_RESPONSE_TIME_LIMIT_MS: the limit the grid compares response times with (`GET /api/monitores/status`). */
  responseTimeLimitMs: number;
}

export const DEFAULT_MONITOR_SETTINGS: MonitorSettings = {
  intervalMs: 10_000,
  failureThreshold: DEFAULT_FAILURE_THRESHOLD,
  responseTimeLimitMs: 2_000,
};

/**
 * @example monitorSettingsFromEnv({ MONITOR_FAILURE_THRESHOLD: '3' }).failureThreshold // 3
 * OUTBOUND_ALLOWED_HOSTS (or MONITOR_ALLOWED_HOSTS) is read by the outbound guard itself (net/outbound.ts), at every check.
 */
export function monitorSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MonitorSettings {
  return {
    intervalMs: positive(env.MONITOR_INTERVAL_MS, DEFAULT_MONITOR_SETTINGS.intervalMs),
    failureThreshold: positive(env.MONITOR_FAILURE_THRESHOLD, DEFAULT_MONITOR_SETTINGS.failureThreshold),
    responseTimeLimitMs: positive(env.MONITOR_RESPONSE_TIME_LIMIT_MS, DEFAULT_MONITOR_SETTINGS.responseTimeLimitMs),
  };
}

function positive(raw: string | undefined, fallback: number): number {
  const value = Number(raw?.trim());
  return raw?.trim() && Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
