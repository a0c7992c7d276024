/**
 * One turn of the reminders in one space (docs/DEADLINES.md 'Reminders'): the running deadlines whose
 * reminder is due now, each reminder claimed in the database and then mailed; then the reminders to
 * try again. Any number of processes may run turns at once: each reminder is mailed by one.
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { addDays, type Calendar } from '../../../services/holidays/calendar.js';
import { loadCalendar } from '../../../services/holidays/load.js';
import type { Mailer } from '../../../core/mail/mailer.js';
import { dateOf } from '../moment.js';
import { STATUS } from '../read.js';
import { businessDaysLeft, councilMoment, dueReminders } from './dates.js';
import { reminderMessage } from './message.js';
import { deadlineFacts, type DeadlineFacts, type Person } from './responsible.js';
import { claimNew, claimRetries, giveUp, keyOf, markFailed, markSent, recordedKeys, type ReminderKey } from './store.js';

type Db = Kysely<SpaceDatabase>;

/** An expired deadline is announced within this many days of its end, not later (a type given reminders today does not mail about old ones). */
export const EXPIRY_WINDOW_DAYS = 7;

export interface ReminderTurnOptions {
  mailer: Mailer;
  /** The instant of the turn (default now). */
  now?: Date;
  /** A claim never marked this long ago is taken as a crash between claim and send (default 600 s). */
  staleSeconds?: number;
  /** The web client's address for the link in the message. */
  appUrl?: string | null;
  log?: (error: unknown, reminder: ReminderKey) => void;
}

export interface ReminderTurn { sent: number; failed: number }

/** The running deadlines a reminder may be due for at `moment` (the council's clock); narrowed in code. */
async function candidates(db: Db, moment: string): Promise<number[]> {
  const today = dateOf(moment);
  const rows = await db
    .selectFrom('deadlines as d')
    .innerJoin('deadline_types as t', 't.id', 'd.deadline_type_id')
    .select('d.id')
    .where('d.status', '=', STATUS.running)
    .where((eb) => eb.or([
      // N business days are at most 2N + 20 calendar days, holidays included.
      eb.and([
        eb(sql`coalesce(t.reminder_business_days, 0)`, '>', 0),
        eb('d.deadline_moment', '>=', moment),
        eb(sql`d.deadline_moment::date`, '<=', sql`${today}::date + (2 * t.reminder_business_days + 20)`),
      ]),
      eb.and([
        eb(sql`coalesce(t.remind_on_expiry, true)`, '=', true),
        eb('d.deadline_moment', '<', moment),
        eb('d.deadline_moment', '>=', `${addDays(today, -EXPIRY_WINDOW_DAYS)} 00:00:00`),
      ]),
    ]))
    .orderBy('d.deadline_moment')
    .limit(500)
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function runReminderTurn(db: Db, options: ReminderTurnOptions): Promise<ReminderTurn> {
  const now = options.now ?? new Date();
  const moment = councilMoment(now);
  const today = dateOf(moment);
  const fresh = await candidates(db, moment);
  const retried = await claimRetries(db, now, options.staleSeconds ?? 600);
  const facts = await deadlineFacts(db, [...new Set([...fresh, ...retried.map((r) => r.deadlineId)])]);
  const calendars = new Map<string, Promise<Calendar>>();
  const calendarOf = (fact: DeadlineFacts) => {
    const place = `${fact.ufId}:${fact.cityId}`;
    if (!calendars.has(place)) calendars.set(place, loadCalendar(db, { ufId: fact.ufId, cityId: fact.cityId }));
    return calendars.get(place)!;
  };
  const dueOf = async (fact: DeadlineFacts) =>
    fact.status !== STATUS.running ? [] : dueReminders(fact.deadlineMoment, { reminderBusinessDays: fact.reminderBusinessDays, remindOnExpiry: fact.remindOnExpiry }, moment, await calendarOf(fact));
  const turn: ReminderTurn = { sent: 0, failed: 0 };

  const deliver = async (id: number, attempts: number, key: ReminderKey, fact: DeadlineFacts, person: Person) => {
    try {
      const left = businessDaysLeft(today, dateOf(fact.deadlineMoment), await calendarOf(fact));
      await options.mailer.send(reminderMessage({ kind: key.kind, to: person, deadlineType: fact.deadlineType, record: fact.record, deadlineMoment: fact.deadlineMoment, businessDaysLeft: left, appUrl: options.appUrl ?? null }));
    } catch (error) {
      turn.failed += 1;
      options.log?.(error, key);
      await markFailed(db, id, attempts, error instanceof Error ? error.message : String(error), now);
      return;
    }
    await markSent(db, id, person.email, now);
    turn.sent += 1;
  };

  for (const row of retried) {
    const fact = facts.get(row.deadlineId);
    const person = fact?.people.find((p) => p.id === row.userId);
    const due = fact ? await dueOf(fact) : [];
    if (!fact || !due.some((d) => d.kind === row.kind && d.dueDate === row.dueDate)) await giveUp(db, row.id, 'O prazo não está mais em andamento com este vencimento.');
    else if (!person) await giveUp(db, row.id, 'A pessoa não é mais responsável pelo prazo.');
    else await deliver(row.id, row.attempts, row, fact, person);
  }

  const recorded = await recordedKeys(db, fresh);
  for (const id of fresh) {
    const fact = facts.get(id);
    if (!fact) continue;
    for (const due of await dueOf(fact)) {
      for (const person of fact.people) {
        const key: ReminderKey = { deadlineId: id, kind: due.kind, dueDate: due.dueDate, userId: person.id };
        if (recorded.has(keyOf(key))) continue;
        const claimed = await claimNew(db, key, person.email, now);
        if (claimed !== null) await deliver(claimed, 1, key, fact, person);
      }
    }
  }
  return turn;
}
