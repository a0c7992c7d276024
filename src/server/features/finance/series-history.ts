import type { ReadHooks } from '../../core/resources/read-hooks.js';

/** A series' history as its screen shows it: the newest index number first (dates are `YYYY-MM-DD`). */
export const newestFirst: ReadHooks = {
  show(record) {
    if (Array.isArray(record.histories)) (record.histories as { date: string }[]).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  },
};
