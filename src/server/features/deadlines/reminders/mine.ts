/** 'Meus prazos': the open deadlines a person is reminded of, with the days left and the reminders sent. */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { daysBetween } from '../../../services/holidays/calendar.js';
import { loadCalendar } from '../../../services/holidays/load.js';
import { dateOf } from '../moment.js';
import { STATUS, STATUS_LABELS } from '../read.js';
import type { DeadlineStatus } from '../tables.js';
import { businessDaysLeft, councilMoment } from './dates.js';
import { deadlineFacts, deadlinesOf } from './responsible.js';
import { REMINDER_KIND_LABELS, REMINDER_STATUS_LABELS, type ReminderStatus } from './tables.js';

type Db = Kysely<SpaceDatabase>;

export const MY_DEADLINES_LIMIT = 200;

export async function myDeadlines(db: Db, userId: number, now: Date = new Date()) {
  const moment = councilMoment(now);
  const today = dateOf(moment);
  const facts = await deadlineFacts(db, await deadlinesOf(db, userId, MY_DEADLINES_LIMIT));
  const ids = [...facts.keys()];
  const reminders = ids.length === 0 ? [] : await db
    .selectFrom('deadline_reminders')
    .select(['id', 'deadline_id', 'kind', 'status', 'sent_at', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date')])
    .where('user_id', '=', userId)
    .where('deadline_id', 'in', ids)
    .orderBy('id')
    .execute();
  const calendars = new Map<string, ReturnType<typeof loadCalendar>>();
  const rows = [];
  for (const fact of [...facts.values()].sort((a, b) => a.deadlineMoment.localeCompare(b.deadlineMoment) || a.id - b.id)) {
    const place = `${fact.ufId}:${fact.cityId}`;
    if (!calendars.has(place)) calendars.set(place, loadCalendar(db, { ufId: fact.ufId, cityId: fact.cityId }));
    const calendar = await calendars.get(place)!;
    const end = dateOf(fact.deadlineMoment);
    rows.push({
      id: fact.id,
      deadline_type: fact.deadlineType,
      record: fact.record,
      record_path: fact.recordPath,
      deadline_moment: fact.deadlineMoment,
      status: fact.status,
      status_label: STATUS_LABELS[fact.status as DeadlineStatus],
      expired: fact.status === STATUS.running && moment > fact.deadlineMoment,
      days_left: daysBetween(today, end),
      business_days_left: businessDaysLeft(today, end, calendar),
      reminders: reminders.filter((r) => Number(r.deadline_id) === fact.id).map((r) => ({
        id: Number(r.id), kind: r.kind, kind_label: REMINDER_KIND_LABELS[r.kind], due_date: r.due_date,
        status: Number(r.status), status_label: REMINDER_STATUS_LABELS[Number(r.status) as ReminderStatus],
        sent_at: r.sent_at == null ? null : new Date(r.sent_at as unknown as string).toISOString(),
      })),
    });
  }
  return rows;
}
