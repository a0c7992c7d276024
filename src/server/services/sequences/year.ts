import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { COUNCIL_TIME_ZONE } from '../../../shared/council-clock.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A calendar date or local date-time as the API sends it: `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]`. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;
/** An instant: ISO 8601 with `Z` or an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The year of a record's date on the council's calendar (src/shared/council-clock.ts), or null when the value
 * is no date. A `Date` or ISO text with a zone is an instant, read in São Paulo; text without a zone
 * is already a São Paulo calendar date (or local time), as the forms send it.
 * @example calendarYear(new Date('2026-01-01T02:30:00Z')) // 2025 (23:30 of 31/12 in São Paulo)
 * @example calendarYear('2025-12-31 23:59:00') // 2025
 */
export function calendarYear(value: Date | string): number | null {
  if (value instanceof Date) return yearOfInstant(value.getTime());
  const text = value.trim();
  const local = LOCAL.exec(text);
  if (local) {
    const [, year, month, day, hour = '00', minute = '00', second = '00'] = local;
    const parsed = dayjs.utc(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
    const same = parsed.isValid() && parsed.format('YYYY-MM-DD HH:mm:ss') === `${year}-${month}-${day} ${hour}:${minute}:${second}`;
    return same ? Number(year) : null;
  }
  if (!INSTANT.test(text)) return null;
  const instant = dayjs(text);
  return instant.isValid() ? yearOfInstant(instant.valueOf()) : null;
}

/** The last year looked up, as the instants it spans: most draws fall in it, and need no time-zone arithmetic. */
let known = { year: 0, from: 0, to: 0 };

/** The São Paulo year of an instant (milliseconds), its bounds found by dayjs and kept for the next call. */
function yearOfInstant(time: number): number | null {
  if (Number.isNaN(time)) return null;
  if (time >= known.from && time < known.to) return known.year;
  const year = dayjs(time).tz(COUNCIL_TIME_ZONE).year();
  const newYear = (y: number) => dayjs.tz(`${String(y).padStart(4, '0')}-01-01 00:00:00`, COUNCIL_TIME_ZONE).valueOf();
  known = { year, from: newYear(year), to: newYear(year + 1) };
  return year;
}

/** This year on the council's calendar. */
export const currentYear = () => calendarYear(new Date())!;

/**
 * The day of a record's date on the council's calendar (`YYYY-MM-DD`), read as `calendarYear` reads
 * its year; null when the value is no date.
 * @example calendarDay('2026-01-01T02:30:00Z') // '2025-12-31'
 */
export function calendarDay(value: Date | string): string | null {
  if (calendarYear(value) === null) return null;
  if (typeof value === 'string') {
    const local = LOCAL.exec(value.trim());
    if (local) return `${local[1]}-${local[2]}-${local[3]}`;
  }
  return dayjs(value).tz(COUNCIL_TIME_ZONE).format('YYYY-MM-DD');
}

/**
 * The council's calendar day of an instant (milliseconds, as `app.clock.now()` reads it), moved by
 * `days` (a margin past today).
 * @example councilDay(Date.UTC(2026, 0, 1, 2, 30)) // '2025-12-31'
 */
export function councilDay(time: number, days = 0): string {
  return dayjs(time).tz(COUNCIL_TIME_ZONE).add(days, 'day').format('YYYY-MM-DD');
}
