/**
 * The reports' job every process runs (through the core scheduler): each turn, in each space open
 * here, waiting reports are taken, up to a number at once per lane (light designs, heavy ones), so a
 * heavy report never keeps the light ones waiting; reports whose process died wait again. A report
 * printed asks for a turn at once; stopping lets the reports being printed end.
 */
import type { HeldSpace } from '../../../core/http/space.js';
import { createScheduler, type JobDefinition } from '../../../core/scheduler/scheduler.js';
import { claimNext, recoverStale, type Lane } from './queue.js';

export interface ReportJobOptions {
  spaces(): Promise<HeldSpace[]>;
  print(space: HeldSpace, id: number, signal: AbortSignal): Promise<void>;
  /** How long a turn waits for the next (default 1 s). */
  intervalMs?: number;
  /** Reports printed at once by this process, per lane. */
  lanes?: Record<Lane, number>;
  /** A report whose process has not beaten for this long waits again (default 60 s). */
  staleSeconds?: number;
  /** Milliseconds since the epoch (default the system's). */
  now?(): number;
  /** Asks the scheduler for a turn now: a report ended, its lane has room. */
  nudge(): void;
  onError?(error: unknown): void;
}

export function reportJob(options: ReportJobOptions): JobDefinition {
  const lanes = options.lanes ?? { light: 2, heavy: 1 };
  const busy: Record<Lane, number> = { light: 0, heavy: 0 };
  const printing = new Set<Promise<void>>();
  const staleSeconds = options.staleSeconds ?? 60;
  const now = options.now ?? Date.now;
  // Stale reports are looked for twice per stale period and space, not at every turn: a turn finds
  // waiting ones through a small index, while finding stale ones reads every report being printed.
  const recovered = new Map<string, number>();
  const recoverIfDue = async (space: HeldSpace) => {
    const time = now();
    if (time - (recovered.get(space.name) ?? 0) < (staleSeconds * 1000) / 2) return;
    recovered.set(space.name, time);
    await recoverStale(space.db, staleSeconds);
  };

  /** Starts what the space has waiting; answers the reports started, which keep the space held until they end. */
  const takeFrom = async (space: HeldSpace, signal: AbortSignal): Promise<Promise<void>[]> => {
    const started: Promise<void>[] = [];
    await recoverIfDue(space);
    for (const lane of ['heavy', 'light'] as const) {
      while (busy[lane] < lanes[lane] && !signal.aborted) {
        const id = await claimNext(space.db, lane);
        if (id === null) break;
        busy[lane] += 1;
        const job = options
          .print(space, id, signal)
          .catch((error) => options.onError?.(error))
          .finally(() => {
            busy[lane] -= 1;
            printing.delete(job);
            options.nudge();
          });
        printing.add(job);
        started.push(job);
      }
    }
    return started;
  };

  return {
    name: 'reports',
    intervalMs: options.intervalMs ?? 1_000,
    onError: options.onError,
    async run(signal) {
      for (const space of await options.spaces()) {
        const started = await takeFrom(space, signal).catch((error) => {
          options.onError?.(error);
          return [];
        });
        // A space stays held (not closed for being idle) while reports taken from it print.
        void Promise.allSettled(started).then(() => space.release());
      }
    },
    async stopped() {
      await Promise.allSettled([...printing]);
    },
  };
}

export interface ReportScheduler {
  /** A turn now (after a report was asked for), without waiting for the next one. */
  nudge(): void;
  stop(): Promise<void>;
}

/** The reports' job on a scheduler of its own (a test's loop beside the server's). */
export function startReportScheduler(options: Omit<ReportJobOptions, 'nudge'>): ReportScheduler {
  const scheduler = createScheduler();
  const job = scheduler.add(reportJob({ ...options, nudge: () => job.nudge() }));
  scheduler.start();
  return { nudge: () => job.nudge(), stop: () => scheduler.stop() };
}
