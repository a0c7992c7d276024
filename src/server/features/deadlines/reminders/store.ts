/**
 * The reminders table as the claim that makes each reminder go once (docs/DEADLINES.md 'Reminders'):
 * a process inserts the row before it sends (the unique key lets one insert win), marks it sent or
 * failed after; failed rows, and rows whose process died between claim and send, are claimed again
 * by one process (`for update skip locked`) when their time comes.
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { claimJobs, takeBackStale } from '../../../core/scheduler/queue.js';
import { REMINDER_STATUS, type ReminderKind } from './tables.js';

type Db = Kysely<SpaceDatabase>;

/** Tries before a reminder is given up. */
export const MAX_ATTEMPTS = 5;

export interface ClaimedReminder {
  id: number;
  deadlineId: number;
  kind: ReminderKind;
  dueDate: string;
  userId: number;
  attempts: number;
}

export interface ReminderKey { deadlineId: number; kind: ReminderKind; dueDate: string; userId: number }

export const keyOf = (key: ReminderKey) => `${key.deadlineId}:${key.kind}:${key.dueDate}:${key.userId}`;

/** The keys of the reminders already recorded (whatever their state) for these deadlines. */
export async function recordedKeys(db: Db, deadlineIds: readonly number[]): Promise<Set<string>> {
  if (deadlineIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('deadline_reminders')
    .select(['deadline_id', 'kind', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'), 'user_id'])
    .where('deadline_id', 'in', [...deadlineIds])
    .execute();
  return new Set(rows.map((row) => keyOf({ deadlineId: Number(row.deadline_id), kind: row.kind, dueDate: row.due_date, userId: Number(row.user_id) })));
}

/** Claims a new reminder; false when another process (or an earlier turn) already has. */
export async function claimNew(db: Db, key: ReminderKey, email: string, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('deadline_reminders')
    .values({ deadline_id: key.deadlineId, kind: key.kind, due_date: key.dueDate, user_id: key.userId, email, status: REMINDER_STATUS.sending, attempts: 1, claimed_at: now })
    .onConflict((conflict) => conflict.columns(['deadline_id', 'kind', 'due_date', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/**
 * Claims reminders to try again: failed ones whose time has come, and ones claimed `staleSeconds` ago
 * or more and never marked (their process stopped between claim and send). One process gets each.
 * Those out of attempts are given up first.
 */
export async function claimRetries(db: Db, now: Date, staleSeconds: number, limit = 20): Promise<ClaimedReminder[]> {
  const stale = new Date(now.getTime() - staleSeconds * 1000);
  const due = sql`((status = ${REMINDER_STATUS.failed} and retry_at <= ${now}) or (status = ${REMINDER_STATUS.sending} and claimed_at < ${stale}))`;
  await takeBackStale(db, 'deadline_reminders', {
    stale: due,
    maxAttempts: MAX_ATTEMPTS,
    giveUp: sql`status = ${REMINDER_STATUS.givenUp}, error = coalesce(error, 'Interrompido sem confirmação de envio.')`,
  });
  const rows = await claimJobs<{ id: string; deadline_id: string; kind: ReminderKind; due_date: string; user_id: string; attempts: number }>(db, 'deadline_reminders', {
    ready: sql`${due} and attempts < ${MAX_ATTEMPTS}`,
    take: sql`status = ${REMINDER_STATUS.sending}, claimed_at = ${now}, retry_at = null`,
    limit,
    returning: sql`id, deadline_id, kind, to_char(due_date, 'YYYY-MM-DD') as due_date, user_id, attempts`,
  });
  return rows.map((row) => ({ id: Number(row.id), deadlineId: Number(row.deadline_id), kind: row.kind, dueDate: row.due_date, userId: Number(row.user_id), attempts: Number(row.attempts) }));
}

export async function markSent(db: Db, id: number, email: string, now: Date): Promise<void> {
  await db.updateTable('deadline_reminders').set({ status: REMINDER_STATUS.sent, sent_at: now, email, error: null }).where('id', '=', id).execute();
}

/** A failed send waits a minute, doubling each attempt (at most an hour), or is given up after the last. */
export async function markFailed(db: Db, id: number, attempts: number, error: string, now: Date): Promise<void> {
  const last = attempts >= MAX_ATTEMPTS;
  const wait = Math.min(60, 2 ** (attempts - 1)) * 60_000;
  await db
    .updateTable('deadline_reminders')
    .set({ status: last ? REMINDER_STATUS.givenUp : REMINDER_STATUS.failed, retry_at: last ? null : new Date(now.getTime() + wait), error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

/** A reminder no longer to send (the deadline ended or moved, the person is no longer responsible). */
export async function giveUp(db: Db, id: number, reason: string): Promise<void> {
  await db.updateTable('deadline_reminders').set({ status: REMINDER_STATUS.givenUp, error: reason }).where('id', '=', id).execute();
}
