import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

export interface OccurrenceEntry {
  id: number;
  occurrence_type_id: number;
  occurrence_type: string;
  date: string;
  notes: string | null;
  number: number | null;
  formatted_number: string | null;
  sequence_auto: boolean;
  user: string | null;
  created_at: string;
}

const dateText = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

function query(db: Kysely<SpaceDatabase>) {
  return db
    .selectFrom('occurrences as o')
    .innerJoin('occurrence_types as t', 't.id', 'o.occurrence_type_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.occurrence_type_id', 't.denomination as occurrence_type', 'o.date', 'o.notes', 'o.number', 'o.formatted_number', 'o.sequence_auto', 'u.name as user', 'o.created_at']);
}

function entry(row: Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number]): OccurrenceEntry {
  return {
    id: Number(row.id),
    occurrence_type_id: Number(row.occurrence_type_id),
    occurrence_type: row.occurrence_type,
    date: dateText(row.date),
    notes: row.notes ?? null,
    number: row.number == null ? null : Number(row.number),
    formatted_number: row.formatted_number ?? null,
    sequence_auto: row.sequence_auto === true,
    user: row.user ?? null,
    created_at: new Date(row.created_at as unknown as string).toISOString(),
  };
}

/** A record's occurrences, the newest first. */
export async function occurrencesOf(db: Kysely<SpaceDatabase>, module: string, id: number): Promise<OccurrenceEntry[]> {
  return (await query(db).where('o.entity_type', '=', module).where('o.entity_id', '=', id).orderBy('o.date', 'desc').orderBy('o.id', 'desc').execute()).map(entry);
}

/** Occurrences by id, in the order given. */
export async function occurrencesById(db: Kysely<SpaceDatabase>, ids: number[]): Promise<OccurrenceEntry[]> {
  if (ids.length === 0) return [];
  const rows = (await query(db).where('o.id', 'in', ids).execute()).map(entry);
  return ids.map((id) => rows.find((row) => row.id === id)!);
}
