/**
 * The reminders' loop every server process runs: a turn in each space open here every `intervalMs`,
 * the next one scheduled only after the previous ended. The database claim makes each reminder go once
 * however many processes run it.
 */
import type { HeldSpace } from '../../http/space.js';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { runReminderTurn, type ReminderTurnOptions } from './run.js';

export interface ReminderLoopOptions extends Omit<ReminderTurnOptions, 'now'> {
  spaces(): Promise<HeldSpace[]>;
  intervalMs: number;
  onError?(error: unknown): void;
}

export interface ReminderLoop { stop(): Promise<void> }

export function startReminderLoop(options: ReminderLoopOptions): ReminderLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const turn = async () => {
    for (const space of await options.spaces()) {
      try {
        if (!stopped) await runReminderTurn(space.db as Kysely<SpaceDatabase>, options);
      } catch (error) {
        options.onError?.(error);
      } finally {
        space.release();
      }
    }
  };
  const tick = () => {
    running = turn()
      .catch((error) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
