/**
 * When a deadline's reminders are due (docs/DEADLINES.md 'Reminders'), on the council's clock
 * (src/shared/council-clock.ts) and the deadline's place's calendar. Pure.
 */
import { addDays, type Calendar } from '../../../services/holidays/calendar.js';
import { dateOf, type Moment } from '../moment.js';
import type { ReminderKind } from './tables.js';

type BusinessDays = Pick<Calendar, 'isBusinessDay'>;

export { councilMoment } from '../../../../shared/council-clock.js';

/**
 * The day the 'before' reminder is due: `days` business days before the end date (an end on Monday
 * with 1 day: the Friday before; a holiday in between is skipped).
 * @example businessDaysBefore('2026-12-07', 1, calendar) // '2026-12-04'
 */
export function businessDaysBefore(endDate: string, days: number, calendar: BusinessDays): string {
  let day = endDate;
  for (let counted = 0; counted < days; ) {
    day = addDays(day, -1);
    if (calendar.isBusinessDay(day)) counted += 1;
  }
  return day;
}

/** Business days after `today` up to and including the end date: 0 when it ends today or has ended. */
export function businessDaysLeft(today: string, endDate: string, calendar: BusinessDays): number {
  let left = 0;
  for (let day = addDays(today, 1); day <= endDate; day = addDays(day, 1)) if (calendar.isBusinessDay(day)) left += 1;
  return left;
}

export interface ReminderRule {
  /** The type's 'Lembrete (dias úteis antes)'; null or 0: none before. */
  reminderBusinessDays: number | null;
  /** The type's 'Lembrar no vencimento' (null reads as its default, yes). */
  remindOnExpiry: boolean | null;
}

export interface DueReminder {
  kind: ReminderKind;
  /** The end date reminded of. */
  dueDate: string;
}

/**
 * The reminders of a running deadline due at `now` (council clock): 'before' from its day until the
 * end passes, 'expiry' once it has.
 */
export function dueReminders(deadlineMoment: Moment, rule: ReminderRule, now: Moment, calendar: BusinessDays): DueReminder[] {
  const endDate = dateOf(deadlineMoment);
  if (now > deadlineMoment) return rule.remindOnExpiry === false ? [] : [{ kind: 'expiry', dueDate: endDate }];
  const days = rule.reminderBusinessDays ?? 0;
  if (days <= 0 || dateOf(now) < businessDaysBefore(endDate, days, calendar)) return [];
  return [{ kind: 'before', dueDate: endDate }];
}
