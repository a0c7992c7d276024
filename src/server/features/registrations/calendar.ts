import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { councilDate } from '../../../shared/council-clock.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Today on the council's calendar, as `YYYY-MM-DD`. */
export const today = (): string => councilDate();

/**
 * A calendar date some months later: the same day of the month, or the month's last day when it has
 * no such day (31/01 + 1 month → 28/02 or 29/02).
 */
export const addMonths = (date: string, months: number): string => dayjs.utc(date).add(months, 'month').format('YYYY-MM-DD');

/** A date column as the API answers it (`YYYY-MM-DD`), whatever the driver handed back. */
export const dateText = (value: unknown): string | null =>
  value == null ? null : value instanceof Date ? dayjs(value).format('YYYY-MM-DD') : String(value).slice(0, 10);
