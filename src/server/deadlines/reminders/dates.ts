/**
 * When a deadline's reminders are due (docs/DEADLINES.md 'Reminders'), on the council's clock
 * (America/Sao_Paulo) and the deadline's place's calendar. Pure.
 */
import { addDays, type Calendar } from '../../holidays/calendar.js';
import { COUNCIL_TIME_ZONE } from '../../sequences/index.js';
import { dateOf, type Moment } from '../moment.js';
import type { ReminderKind } from './tables.js';

type BusinessDays = Pick<Calendar, 'isBusinessDay'>;

const CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: COUNCIL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** An instant as the council's clock reads it: `YYYY-MM-DD HH:mm:ss`. */
export function councilMoment(instant: Date): Moment {
  const part = Object.fromEntries(CLOCK.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

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
