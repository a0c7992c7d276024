/**
 * Calendar dates as the API and the forms write them, `YYYY-MM-DD`, read strictly in one place: a
 * text of that shape naming no day (`0000-00-00`, month `00` or `13`, 30 February) is no date, and
 * nothing here builds a `Date` that could be invalid.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is `YYYY-MM-DD` naming a day that exists, from 0001-01-01 to 9999-12-31.
 * @example isCalendarDate('2024-02-29') // true
 * @example isCalendarDate('2026-00-10') // false
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** The days of a month (1–12) of a year: February has 29 in a leap year (Gregorian rules). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const DAY = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date: whole numbers to count and compare days with. */
export const dayNumber = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY;

/** The `YYYY-MM-DD` date of a day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

/** A `YYYY-MM-DD` date as pt-BR writes it: `31/03/2026`. */
export const brDate = (date: string): string => date.split('-').reverse().join('/');
