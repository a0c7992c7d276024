/**
 * The council's calendar, pure: whether a calendar date is a business day in a place, given the
 * holidays loaded for it (./load.ts). Dates are `YYYY-MM-DD` strings of the council's calendar
 * (src/shared/council-clock.ts); the arithmetic is on UTC dates (a day is always 24 hours there), so no local time zone can shift a day.
 */

export type HolidayType = 1 | 2 | 3 | 4;

/** A holiday as the calendar reads it. */
export interface CalendarHoliday {
  date: string;
  type: HolidayType;
  /** True: the holiday falls on its day and month in every year. */
  every_year: boolean;
  uf_id: number | null;
  city_id: number | null;
}

/** Where a deadline runs: its UF and municipality (either may be unknown). */
export interface Place {
  ufId?: number | null;
  cityId?: number | null;
}

/** Whether `value` is a real calendar date `YYYY-MM-DD` (no 30 February): the one strict reading (src/shared/dates.ts). */
export { isCalendarDate } from '../../../shared/dates.js';

const toUtc = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const value = new Date(Date.UTC(2000, month - 1, day));
  value.setUTCFullYear(year);
  return value;
};

const text = (value: Date) => {
  const year = String(value.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(value.getUTCMonth() + 1).padStart(2, '0')}-${String(value.getUTCDate()).padStart(2, '0')}`;
};

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return text(value);
}

/** 0 Sunday … 6 Saturday. */
export const weekday = (date: string): number => toUtc(date).getUTCDay();

/** Days from `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** Whether a holiday is kept in a place: national and convention days everywhere, a state's in its UF, a municipality's in it. */
export function holidayApplies(holiday: CalendarHoliday, place: Place): boolean {
  if (holiday.type === 1 || holiday.type === 4) return true;
  if (holiday.type === 2) return holiday.uf_id != null && holiday.uf_id === (place.ufId ?? null);
  return holiday.city_id != null && holiday.city_id === (place.cityId ?? null);
}

/** A place's calendar over a set of holidays: `isBusinessDay(date)`. */
export class Calendar {
  private readonly onDate = new Set<string>();
  private readonly everyYear = new Set<string>();

  constructor(holidays: readonly CalendarHoliday[], place: Place = {}) {
    for (const holiday of holidays) {
      if (!holidayApplies(holiday, place)) continue;
      if (holiday.every_year) this.everyYear.add(holiday.date.slice(5));
      else this.onDate.add(holiday.date);
    }
  }

  isHoliday(date: string): boolean {
    return this.onDate.has(date) || this.everyYear.has(date.slice(5));
  }

  /** Not a Saturday, Sunday or holiday of the place. */
  isBusinessDay(date: string): boolean {
    const day = weekday(date);
    return day !== 0 && day !== 6 && !this.isHoliday(date);
  }

  /** The date itself when a business day, else the first business day after it. */
  nextBusinessDay(date: string): string {
    let day = date;
    while (!this.isBusinessDay(day)) day = addDays(day, 1);
    return day;
  }
}

/**
 * Whether a date is a business day in a place over a set of holidays.
 * @example isBusinessDay('2026-11-20', {}, holidays) // false: Consciência Negra
 */
export const isBusinessDay = (date: string, place: Place, holidays: readonly CalendarHoliday[]): boolean => new Calendar(holidays, place).isBusinessDay(date);
