/**
 * The loop every process runs: each turn, in each space open here, waiting reports are taken, up to
 * a number at once per lane (light designs, heavy ones), so a heavy report never keeps the light ones
 * waiting; reports whose process died wait again. `stop()` lets the reports being printed end.
 */
import type { HeldSpace } from '../../http/space.js';
import { claimNext, recoverStale, type Lane } from './queue.js';

export interface ReportSchedulerOptions {
  spaces(): Promise<HeldSpace[]>;
  print(space: HeldSpace, id: number, signal: AbortSignal): Promise<void>;
  /** How long a turn waits for the next (default 1 s). */
  intervalMs?: number;
  /** Reports printed at once by this process, per lane. */
  lanes?: Record<Lane, number>;
  /** A report whose process has not beaten for this long waits again (default 60 s). */
  staleSeconds?: number;
  onError?(error: unknown): void;
}

export interface ReportScheduler {
  /** A turn now (after a report was asked for), without waiting for the next one. */
  nudge(): void;
  stop(): Promise<void>;
}

export function startReportScheduler(options: ReportSchedulerOptions): ReportScheduler {
  const lanes = options.lanes ?? { light: 2, heavy: 1 };
  const busy: Record<Lane, number> = { light: 0, heavy: 0 };
  const printing = new Set<Promise<void>>();
  const staleSeconds = options.staleSeconds ?? 60;
  // Stale reports are looked for twice per stale period and space, not at every turn: a turn finds
  // waiting ones through a small index, while finding stale ones reads every report being printed.
  const recovered = new Map<string, number>();
  const recoverIfDue = async (space: HeldSpace) => {
    const now = Date.now();
    if (now - (recovered.get(space.name) ?? 0) < (staleSeconds * 1000) / 2) return;
    recovered.set(space.name, now);
    await recoverStale(space.db, staleSeconds);
  };
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> | null = null;
  let again = false;

  /** Starts what the space has waiting; answers the reports started, which keep the space held until they end. */
  const takeFrom = async (space: HeldSpace): Promise<Promise<void>[]> => {
    const started: Promise<void>[] = [];
    await recoverIfDue(space);
    for (const lane of ['heavy', 'light'] as const) {
      while (busy[lane] < lanes[lane] && !stopping.signal.aborted) {
        const id = await claimNext(space.db, lane);
        if (id === null) break;
        busy[lane] += 1;
        const job = options
          .print(space, id, stopping.signal)
          .catch((error) => options.onError?.(error))
          .finally(() => {
            busy[lane] -= 1;
            printing.delete(job);
            schedule(0);
          });
        printing.add(job);
        started.push(job);
      }
    }
    return started;
  };

  const runTurn = async () => {
    for (const space of await options.spaces()) {
      const started = await takeFrom(space).catch((error) => {
        options.onError?.(error);
        return [];
      });
      // A space stays held (not closed for being idle) while reports taken from it print.
      void Promise.allSettled(started).then(() => space.release());
    }
  };

  function schedule(delay: number) {
    if (stopping.signal.aborted) return;
    if (turn) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      turn = runTurn()
        .catch((error) => options.onError?.(error))
        .finally(() => {
          turn = null;
          const next = again ? 0 : (options.intervalMs ?? 1_000);
          again = false;
          schedule(next);
        });
    }, delay);
  }

  schedule(0);
  return {
    nudge: () => schedule(0),
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await turn;
      await Promise.allSettled([...printing]);
    },
  };
}
