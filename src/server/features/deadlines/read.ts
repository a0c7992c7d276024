import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { DeadlineStatus } from './tables.js';

export const STATUS = { running: 1, suspended: 2, completed: 3, cancelled: 4 } as const;
export const STATUS_LABELS: Record<DeadlineStatus, string> = { 1: 'Em andamento', 2: 'Suspenso', 3: 'Concluído', 4: 'Cancelado' };
export const EVENT_LABELS: Record<string, string> = {
  creation: 'Criação', simulation: 'Simulação', alteration: 'Alteração', suspension: 'Suspensão', reactivation: 'Reativação', completion: 'Conclusão', cancellation: 'Cancelamento',
};

/** A timestamp column as the council's clock reads it. */
export const momentText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;

export interface HistoryEntry {
  id: number;
  deadline_id: number;
  event: string;
  event_label: string;
  amount: number | null;
  base_moment: string;
  deadline_moment: string;
  notes: string | null;
  document_id: number | null;
  user: string | null;
  created_at: string;
}

/** A deadline's history, the oldest event first. */
export async function historiesOf(db: Kysely<SpaceDatabase>, deadlineId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('deadline_histories as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.deadline_id', 'h.event', 'h.amount', 'h.notes', 'h.document_id', 'u.name as user', 'h.created_at'])
    .select([momentText('h.base_moment').as('base_moment'), momentText('h.deadline_moment').as('deadline_moment')])
    .where('h.deadline_id', '=', deadlineId)
    .orderBy('h.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    deadline_id: Number(row.deadline_id),
    event: row.event,
    event_label: EVENT_LABELS[row.event] ?? row.event,
    amount: row.amount == null ? null : Number(row.amount),
    base_moment: row.base_moment,
    deadline_moment: row.deadline_moment,
    notes: row.notes ?? null,
    document_id: row.document_id == null ? null : Number(row.document_id),
    user: row.user ?? null,
    created_at: new Date(row.created_at as unknown as string).toISOString(),
  }));
}

/** A deadline's row as the operations read it (locked when asked, so two operations on it queue). */
export async function deadlineRow(db: Kysely<SpaceDatabase>, id: number, lock = false) {
  let query = db
    .selectFrom('deadlines as d')
    .innerJoin('deadline_types as t', 't.id', 'd.deadline_type_id')
    .select(['d.id', 'd.deadline_type_id', 't.denomination as deadline_type', 't.alterability', 't.time_unit', 't.counting_way', 'd.uf_id', 'd.city_id', 'd.status', 'd.amount'])
    .select([momentText('d.base_moment').as('base_moment'), momentText('d.deadline_moment').as('deadline_moment')])
    .where('d.id', '=', id);
  if (lock) query = query.forUpdate('d');
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    deadline_type_id: Number(row.deadline_type_id),
    uf_id: row.uf_id == null ? null : Number(row.uf_id),
    city_id: row.city_id == null ? null : Number(row.city_id),
    status: Number(row.status) as DeadlineStatus,
    amount: Number(row.amount),
    alterability: Number(row.alterability),
    time_unit: Number(row.time_unit),
    counting_way: row.counting_way == null ? null : Number(row.counting_way),
  };
}

export type DeadlineRow = NonNullable<Awaited<ReturnType<typeof deadlineRow>>>;

/** A deadline as the API answers it: its fields, its state's label and its history. */
export async function deadlineAnswer(db: Kysely<SpaceDatabase>, id: number) {
  const row = (await deadlineRow(db, id))!;
  const { alterability: _a, time_unit: _t, counting_way: _c, ...deadline } = row;
  return { ...deadline, status_label: STATUS_LABELS[row.status], deadline_histories: await historiesOf(db, id) };
}
