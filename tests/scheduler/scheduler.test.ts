import { describe, expect, it } from 'vitest';
import { createScheduler, type JobDefinition } from '../../src/server/core/scheduler/scheduler.js';

/** A promise the test resolves when it chooses: holds a turn until the test has seen it running. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the core scheduler', () => {
  it('counts the turns of each job by name, a job at its own interval', async () => {
    const scheduler = createScheduler();
    const fast = scheduler.add({ name: 'rápida', intervalMs: 1, run: async () => undefined });
    const slow = scheduler.add({ name: 'lenta', intervalMs: 60_000, run: async () => undefined });
    expect(scheduler.turns()).toEqual({ rápida: 0, lenta: 0 });
    scheduler.start();
    await expect.poll(() => fast.turns()).toBeGreaterThanOrEqual(5);
    await scheduler.stop();
    // The slow job's first turn starts at once; its second waits a minute.
    expect(slow.turns()).toBe(1);
    expect(scheduler.turns()).toEqual({ rápida: fast.turns(), lenta: 1 });
  });

  it('never runs two turns of one job at once, even when nudged during a turn', async () => {
    let running = 0;
    let most = 0;
    const held = gate();
    const scheduler = createScheduler();
    const job = scheduler.add({
      name: 'fila',
      intervalMs: 60_000,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        if (job.turns() === 0) await held.opened;
        running -= 1;
      },
    });
    scheduler.start();
    await expect.poll(() => running).toBe(1);
    job.nudge();
    job.nudge();
    held.open();
    // The nudges during the first turn ask for one turn right after it, not for one each nor a minute later.
    await expect.poll(() => job.turns()).toBe(2);
    await scheduler.stop();
    expect(job.turns()).toBe(2);
    expect(most).toBe(1);
  });

  it('a failed turn goes to the job\'s error handler, or the scheduler\'s, and the job goes on', async () => {
    const failures: string[] = [];
    const scheduler = createScheduler({ onError: (name, error) => failures.push(`${name}: ${(error as Error).message}`) });
    const own: unknown[] = [];
    const failing = (name: string, extra: Partial<JobDefinition> = {}) =>
      scheduler.add({ name, intervalMs: 1, run: async () => Promise.reject(new Error('falhou')), ...extra });
    const plain = failing('sem tratamento');
    const handled = failing('com tratamento', { onError: (error) => own.push(error) });
    scheduler.start();
    await expect.poll(() => Math.min(plain.turns(), handled.turns())).toBeGreaterThanOrEqual(3);
    await scheduler.stop();
    expect(failures.length).toBe(plain.turns());
    expect(new Set(failures)).toEqual(new Set(['sem tratamento: falhou']));
    expect(own.length).toBe(handled.turns());
  });

  it('stop waits for the running turn, then the job\'s own work, and no turn starts after it', async () => {
    const steps: string[] = [];
    const held = gate();
    const scheduler = createScheduler();
    let aborted: boolean | undefined;
    const job = scheduler.add({
      name: 'impressão',
      intervalMs: 1,
      run: async (signal) => {
        steps.push('turno');
        await held.opened;
        aborted = signal.aborted;
        steps.push('fim do turno');
      },
      stopped: async () => {
        steps.push('trabalho deixado pelo turno');
      },
    });
    scheduler.start();
    await expect.poll(() => steps.length).toBe(1);
    const stopping = scheduler.stop();
    held.open();
    await stopping;
    expect(aborted).toBe(true);
    expect(steps).toEqual(['turno', 'fim do turno', 'trabalho deixado pelo turno']);
    job.nudge();
    expect(job.turns()).toBe(1);
    scheduler.start();
    expect(job.turns()).toBe(1);
  });

  it('stop waits for a turn that does not end stopWaitMs at most, and names the job it left', async () => {
    const never = gate();
    const left: string[][] = [];
    const scheduler = createScheduler({ stopWaitMs: 50, onStopTimeout: (jobs) => left.push(jobs) });
    const stuck = scheduler.add({ name: 'presa', intervalMs: 1, run: () => never.opened });
    const quick = scheduler.add({ name: 'rápida', intervalMs: 1, run: async () => undefined });
    scheduler.start();
    await expect.poll(() => quick.turns()).toBeGreaterThanOrEqual(1);
    await scheduler.stop();
    expect(left).toEqual([['presa']]);
    // The turn, ended later, starts no other.
    never.open();
    await expect.poll(() => stuck.turns()).toBe(1);
    expect(stuck.turns()).toBe(1);
  });

  it('starts nothing before start, and a job added after start at once', async () => {
    const scheduler = createScheduler();
    const early = scheduler.add({ name: 'antes', intervalMs: 60_000, run: async () => undefined });
    early.nudge();
    expect(scheduler.turns()).toEqual({ antes: 0 });
    scheduler.start();
    const late = scheduler.add({ name: 'depois', intervalMs: 60_000, run: async () => undefined });
    await expect.poll(() => [early.turns(), late.turns()]).toEqual([1, 1]);
    await scheduler.stop();
  });

  it('refuses two jobs of one name', () => {
    const scheduler = createScheduler();
    scheduler.add({ name: 'única', intervalMs: 1, run: async () => undefined });
    expect(() => scheduler.add({ name: 'única', intervalMs: 1, run: async () => undefined })).toThrow("Job 'única' is already scheduled.");
  });
});
