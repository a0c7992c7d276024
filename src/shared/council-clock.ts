/**
 * The council's clock and calendar, for the server and the browser alike: one time zone, in which
 * every calendar date and local time the product writes is read (spec 000 §9: dates are calendar dates).
 */
export const COUNCIL_TIME_ZONE = 'America/Sao_Paulo';

const CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: COUNCIL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

function partsOf(instant: Date | number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(CLOCK.formatToParts(instant).map((part) => [part.type, part.value]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/**
 * An instant as the council's clock reads it: `YYYY-MM-DD HH:mm:ss`.
 * @example councilMoment(new Date('2026-01-01T02:30:00Z')) // '2025-12-31 23:30:00'
 */
export function councilMoment(instant: Date | number = Date.now()): string {
  const p = partsOf(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The council's calendar day of an instant (today by default): `YYYY-MM-DD`.
 * @example councilDate(new Date('2026-01-01T02:30:00Z')) // '2025-12-31'
 */
export function councilDate(instant: Date | number = Date.now()): string {
  const p = partsOf(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The council's year of an instant (this year by default).
 * @example councilYear(new Date('2026-01-01T02:30:00Z')) // 2025
 */
export const councilYear = (instant: Date | number = Date.now()): number => Number(partsOf(instant).year);
