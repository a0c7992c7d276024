/**
 * The reminders' job every server process runs (through the core scheduler): a turn in each space
 * open here every `intervalMs`. The database claim makes each reminder go once however many
 * processes run it.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import type { HeldSpace } from '../../../core/http/space.js';
import type { JobDefinition } from '../../../core/scheduler/scheduler.js';
import { runReminderTurn, type ReminderTurnOptions } from './run.js';

export interface ReminderJobOptions extends Omit<ReminderTurnOptions, 'now'> {
  spaces(): Promise<HeldSpace[]>;
  intervalMs: number;
  /** The instant of a turn (default the system's). */
  now?(): Date;
  onError?(error: unknown): void;
}

export function reminderJob(options: ReminderJobOptions): JobDefinition {
  return {
    name: 'deadline-reminders',
    intervalMs: options.intervalMs,
    onError: options.onError,
    async run(signal) {
      for (const space of await options.spaces()) {
        try {
          if (!signal.aborted) await runReminderTurn(space.db as Kysely<SpaceDatabase>, { ...options, now: options.now?.() });
        } catch (error) {
          options.onError?.(error);
        } finally {
          space.release();
        }
      }
    },
  };
}
