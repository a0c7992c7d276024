/**
 * Who is reminded of a deadline, and what it is the deadline of (docs/DEADLINES.md 'Reminders'):
 * a pendency's deadline reminds the supervisors (fiscais) of the pendency's inspection action; a
 * deadline no record owns reminds the person who created it. Only active users.
 */
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { momentText } from '../read.js';

type Db = Kysely<SpaceDatabase>;

export interface Person { id: number; name: string; email: string }

/** A deadline as a reminder reads it: its type, place, end, state, the record it belongs to and its people. */
export interface DeadlineFacts {
  id: number;
  deadlineType: string;
  reminderBusinessDays: number | null;
  remindOnExpiry: boolean | null;
  ufId: number | null;
  cityId: number | null;
  status: number;
  deadlineMoment: string;
  /** 'Pendência PEN-3/2026 (Apresentar ART) da ação de fiscalização 12/2026', or 'Prazo nº 7'. */
  record: string;
  /** Where the web client shows that record, or null. */
  recordPath: string | null;
  people: Person[];
}

/** Whether this space has inspection pendencies (a model without them keeps deadlines on their own). */
async function hasPendencies(db: Db): Promise<boolean> {
  const { rows } = await sql<{ table: string | null }>`select to_regclass('inspection_action_supervisors')::text as table`.execute(db);
  return Boolean(rows[0]?.table);
}

/** The facts of the given deadlines (those that exist). */
export async function deadlineFacts(db: Db, ids: readonly number[]): Promise<Map<number, DeadlineFacts>> {
  const facts = new Map<number, DeadlineFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .selectFrom('deadlines as d')
    .innerJoin('deadline_types as t', 't.id', 'd.deadline_type_id')
    .select(['d.id', 't.denomination', 't.reminder_business_days', 't.remind_on_expiry', 'd.uf_id', 'd.city_id', 'd.status'])
    .select(momentText('d.deadline_moment').as('deadline_moment'))
    .where('d.id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const id = Number(row.id);
    facts.set(id, {
      id, deadlineType: row.denomination, reminderBusinessDays: row.reminder_business_days == null ? null : Number(row.reminder_business_days),
      remindOnExpiry: row.remind_on_expiry ?? null, ufId: row.uf_id == null ? null : Number(row.uf_id), cityId: row.city_id == null ? null : Number(row.city_id),
      status: Number(row.status), deadlineMoment: row.deadline_moment, record: `Prazo nº ${id}`, recordPath: null, people: [],
    });
  }
  const owned = new Set<number>();
  if (await hasPendencies(db)) {
    const pendencies = await db
      .selectFrom('inspection_action_pendencies as p')
      .innerJoin('inspection_actions as a', 'a.id', 'p.inspection_action_id')
      .innerJoin('pendency_types as pt', 'pt.id', 'p.pendency_type_id')
      .leftJoin('inspection_action_supervisors as s', 's.inspection_action_id', 'a.id')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 's.user_id').on('u.active', '=', true))
      .select(['p.deadline_id', 'p.id as pendency_id', 'p.formatted_number', 'pt.denomination as pendency_type', 'a.id as action_id', 'a.formatted_number as action_number', 'u.id as user_id', 'u.name', 'u.email'])
      .where('p.deadline_id', 'in', [...facts.keys()])
      .orderBy('u.name')
      .execute();
    for (const row of pendencies) {
      const fact = facts.get(Number(row.deadline_id));
      if (!fact) continue;
      owned.add(fact.id);
      fact.record = `Pendência ${row.formatted_number ?? `nº ${row.pendency_id}`} (${row.pendency_type}) da ação de fiscalização ${row.action_number ?? `nº ${row.action_id}`}`;
      fact.recordPath = `/pendencias_acao_fiscalizacao/${row.pendency_id}/show`;
      if (row.user_id != null && !fact.people.some((p) => p.id === Number(row.user_id))) fact.people.push({ id: Number(row.user_id), name: row.name!, email: row.email! });
    }
  }
  const unowned = [...facts.keys()].filter((id) => !owned.has(id));
  if (unowned.length) {
    const creators = await db
      .selectFrom('deadline_histories as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .select(['h.deadline_id', 'u.id', 'u.name', 'u.email'])
      .where('h.event', '=', 'creation')
      .where('u.active', '=', true)
      .where('h.deadline_id', 'in', unowned)
      .execute();
    for (const row of creators) facts.get(Number(row.deadline_id))!.people.push({ id: Number(row.id), name: row.name, email: row.email });
  }
  return facts;
}

/** The open (running or suspended) deadlines a person is reminded of, at most `limit`. */
export async function deadlinesOf(db: Db, userId: number, limit: number): Promise<number[]> {
  const ids = new Set<number>();
  const owned = (await hasPendencies(db))
    ? db.selectFrom('inspection_action_pendencies as p').select('p.deadline_id').where('p.deadline_id', 'is not', null)
    : null;
  if (owned) {
    const rows = await db
      .selectFrom('inspection_action_pendencies as p')
      .innerJoin('inspection_action_supervisors as s', 's.inspection_action_id', 'p.inspection_action_id')
      .innerJoin('deadlines as d', 'd.id', 'p.deadline_id')
      .select('d.id')
      .where('s.user_id', '=', userId)
      .where('d.status', 'in', [1, 2])
      .orderBy('d.deadline_moment')
      .limit(limit)
      .execute();
    for (const row of rows) ids.add(Number(row.id));
  }
  let created = db
    .selectFrom('deadline_histories as h')
    .innerJoin('deadlines as d', 'd.id', 'h.deadline_id')
    .select('d.id')
    .where('h.event', '=', 'creation')
    .where('h.user_id', '=', userId)
    .where('d.status', 'in', [1, 2]);
  if (owned) created = created.where('d.id', 'not in', owned as never);
  for (const row of await created.orderBy('d.deadline_moment').limit(limit).execute()) ids.add(Number(row.id));
  return [...ids];
}
