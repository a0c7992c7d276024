/**
 * Named periodic jobs in one process: each job's turn starts at once, and the next one `intervalMs`
 * after the previous ended, so two turns of a job never overlap. A turn's error goes to `onError`
 * and the job goes on. `nudge` asks for a turn now (or right after the one running); `stop` lets the
 * running turns end, then each job's own `stopped` (work a turn left running, such as reports being
 * printed), for `stopWaitMs` at most: a process that stops is not held by a turn slowed by a busy
 * machine or a database that no longer answers (what it left is said to `onStopTimeout`, and its
 * queue's claim lapses for another process to take). Each job counts its ended turns: what a test
 * waits on instead of a time.
 */
export interface JobDefinition {
  /** Unique in the scheduler; the key of its count of turns. */
  name: string;
  intervalMs: number;
  /** One turn; `signal` aborts when the scheduler stops. */
  run(signal: AbortSignal): Promise<void>;
  /** Waited for after the last turn, when the scheduler stops. */
  stopped?(): Promise<void>;
  /** Where a failed turn's error goes; the scheduler's `onError` when absent. */
  onError?(error: unknown): void;
}

export interface Job {
  readonly name: string;
  /** Turns ended (whether they failed or not). */
  turns(): number;
  /** A turn now, or right after the running one, instead of at the next interval. */
  nudge(): void;
}

export interface Scheduler {
  /** Adds a job; it starts with the scheduler, or at once when the scheduler has started. */
  add(definition: JobDefinition): Job;
  start(): void;
  /** Stops every job and waits for the running turns and each job's `stopped`, `stopWaitMs` at most. */
  stop(): Promise<void>;
  /** Each job's turns ended, by name. */
  turns(): Record<string, number>;
}

export interface SchedulerOptions {
  onError?(job: string, error: unknown): void;
  /** How long `stop` waits for the running turns and the jobs' `stopped`; default 5 s. */
  stopWaitMs?: number;
  /** The jobs still running when `stop` stopped waiting. */
  onStopTimeout?(jobs: string[]): void;
}

/**
 * What `stop` waits for at most by default: under Fastify's 10 s limit on a hook (the app stops its
 * scheduler in a `preClose` hook), so a slow turn never turns a process's close into an error.
 */
export const STOP_WAIT_MS = 5_000;

interface Entry extends Job {
  start(): void;
  halt(): Promise<void>;
}

/**
 * @example
 * const scheduler = createScheduler({ onError: (job, error) => log.error({ err: error, job }) });
 * scheduler.add({ name: 'limpeza', intervalMs: 60_000, run: (signal) => clean(db, signal) });
 * scheduler.start();
 */
export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const jobs = new Map<string, Entry>();
  const stopping = new AbortController();
  let started = false;
  return {
    add(definition) {
      if (jobs.has(definition.name)) throw new Error(`Job '${definition.name}' is already scheduled.`);
      const job = entry(definition, stopping.signal, options);
      jobs.set(definition.name, job);
      if (started) job.start();
      return job;
    },
    start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      for (const job of jobs.values()) job.start();
    },
    async stop() {
      stopping.abort();
      const running = new Set<string>();
      const halted = Promise.all([...jobs.values()].map(async (job) => {
        running.add(job.name);
        await job.halt();
        running.delete(job.name);
      }));
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.stopWaitMs ?? STOP_WAIT_MS)));
      const ended = await Promise.race([halted, waited]);
      clearTimeout(timer);
      if (ended === 'late') options.onStopTimeout?.([...running]);
    },
    turns: () => Object.fromEntries([...jobs.values()].map((job) => [job.name, job.turns()])),
  };
}

function entry(definition: JobDefinition, signal: AbortSignal, options: SchedulerOptions): Entry {
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> | null = null;
  let again = false;
  let turns = 0;
  let live = false;

  const schedule = (delay: number) => {
    if (!live || signal.aborted) return;
    if (turn) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      turn = definition
        .run(signal)
        .catch((error) => (definition.onError ? definition.onError(error) : options.onError?.(definition.name, error)))
        .finally(() => {
          turns += 1;
          turn = null;
          const next = again ? 0 : definition.intervalMs;
          again = false;
          schedule(next);
        });
    }, delay);
  };

  return {
    name: definition.name,
    turns: () => turns,
    nudge: () => schedule(0),
    start() {
      live = true;
      schedule(0);
    },
    async halt() {
      clearTimeout(timer);
      await turn;
      await definition.stopped?.();
    },
  };
}
