import { isCalendarDate } from '../../services/holidays/calendar.js';

/**
 * A moment of the council's clock as the spec sends it, `YYYY-MM-DD HH:mm:ss` (its time zone,
 * src/shared/council-clock.ts, has kept no daylight saving since 2019): a calendar date and a time of day, added to as they
 * read, never through a local `Date`.
 */
export type Moment = string;

const MOMENT = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether `value` is a real moment `YYYY-MM-DD HH:mm:ss` (no 30 February, no 24:00:00). */
export function isMoment(value: unknown): value is Moment {
  if (typeof value !== 'string') return false;
  const match = MOMENT.exec(value);
  if (!match || !isCalendarDate(match[1])) return false;
  const [hours, minutes, seconds] = match.slice(2).map(Number);
  return hours < 24 && minutes < 60 && seconds < 60;
}

export const dateOf = (moment: Moment): string => moment.slice(0, 10);

/** Minutes since 0001-01-01 00:00 on the council's clock (seconds kept apart). */
function minutesOf(moment: Moment): number {
  const [year, month, day] = moment.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getTime() / 60_000 + Number(moment.slice(11, 13)) * 60 + Number(moment.slice(14, 16));
}

/** The moment `minutes` later (earlier when negative), its seconds kept. */
export function addMinutes(moment: Moment, minutes: number): Moment {
  const value = new Date((minutesOf(moment) + minutes) * 60_000);
  const year = String(value.getUTCFullYear()).padStart(4, '0');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${moment.slice(17, 19)}`;
}

/** Whole minutes from `from` to `to` (seconds ignored). */
export const minutesBetween = (from: Moment, to: Moment): number => minutesOf(to) - minutesOf(from);

/** The moment as people read it: `DD/MM/YYYY HH:mm:ss`. */
export const displayMoment = (moment: Moment): string => `${moment.slice(8, 10)}/${moment.slice(5, 7)}/${moment.slice(0, 4)} ${moment.slice(11)}`;
