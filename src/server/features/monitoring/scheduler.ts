import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../generated/database.js';
import { createScheduler, type JobDefinition } from '../../core/scheduler/scheduler.js';
import { runCheck, type CheckOptions } from './check.js';
import { DEFAULT_FAILURE_THRESHOLD } from './monitor-state.js';
import { claimDueMonitors, findMonitor, recordCheck, type MonitorRow } from './monitor-store.js';

export interface MonitorRunOptions {
  /** Checks running at once per process; default 4. */
  concurrency?: number;
  /** Monitors claimed per run; the rest wait for the next run. Default 50. */
  batchSize?: number;
  /** Consecutive failures before 'down'; default 2. */
  failureThreshold?: number;
  check?: CheckOptions;
}

/** Checks every enabled monitor that is due at `now`, each once across all processes; returns the updated rows. */
export async function runDueChecks(db: Kysely<PlatformDatabase>, now: Date = new Date(), options: MonitorRunOptions = {}): Promise<MonitorRow[]> {
  const claimed = await claimDueMonitors(db, now, options.batchSize ?? 50);
  const updated: MonitorRow[] = [];
  await eachWithLimit(claimed, options.concurrency ?? 4, async (monitor) => {
    const row = await checkAndRecord(db, monitor, now, options);
    if (row) updated.push(row);
  });
  return updated;
}

/** Checks one monitor right away (whether due or not) and returns the updated row; undefined when it does not exist. */
export async function checkNow(db: Kysely<PlatformDatabase>, id: number, options: MonitorRunOptions = {}): Promise<MonitorRow | undefined> {
  const monitor = await findMonitor(db, id);
  if (!monitor) return undefined;
  return checkAndRecord(db, monitor, new Date(), options);
}

export interface MonitorScheduler {
  /** How many runs the loop has finished: what a test waits on to know turns were taken. */
  turns(): number;
  /** Stops the loop and waits for the run in progress. */
  stop(): Promise<void>;
}

export type MonitorJobOptions = MonitorRunOptions & {
  /** Time between the end of a run and the next (default 10 s). */
  intervalMs?: number;
  /** The instant of a run (default the system's). */
  now?(): Date;
  onError?(error: unknown): void;
};

/** The checks as a job of the core scheduler: each run checks the monitors then due. */
export function monitorJob(db: Kysely<PlatformDatabase>, options: MonitorJobOptions = {}): JobDefinition {
  return {
    name: 'monitors',
    intervalMs: options.intervalMs ?? 10_000,
    onError: options.onError ?? (() => undefined),
    run: async () => {
      await runDueChecks(db, options.now?.() ?? new Date(), options);
    },
  };
}

/** The checks on a scheduler of their own (a test's loop, or several over one database). */
export function startMonitorScheduler(db: Kysely<PlatformDatabase>, options: MonitorJobOptions = {}): MonitorScheduler {
  const scheduler = createScheduler();
  const job = scheduler.add(monitorJob(db, options));
  scheduler.start();
  return { turns: () => job.turns(), stop: () => scheduler.stop() };
}

async function checkAndRecord(db: Kysely<PlatformDatabase>, monitor: MonitorRow, checkedAt: Date, options: MonitorRunOptions) {
  const result = await runCheck(
    {
      url: monitor.url,
      method: monitor.uptime_check_method,
      lookForString: monitor.look_for_string,
      responseTimeLimitMs: monitor.response_time_limit,
    },
    options.check,
  );
  return recordCheck(db, monitor.id, result, checkedAt, options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD);
}

async function eachWithLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
