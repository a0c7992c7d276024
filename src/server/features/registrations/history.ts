import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { dateText } from './calendar.js';

/** Each situation a registration enters is a row of its history, written in the save's transaction. */
export const situationHistory: ModuleHooks<SpaceDatabase> = {
  async afterWrite(trx, { mode, record, previous, context }) {
    if (mode === 'update' && previous?.situation_id === record.situation_id) return;
    await trx
      .insertInto('registration_situations')
      .values({
        registration_id: Number(record.id),
        situation_id: Number(record.situation_id),
        previous_situation_id: mode === 'update' ? Number(previous!.situation_id) : null,
        situation_date: dateText(record.situation_date)!,
        user_id: context.userId,
      })
      .execute();
  },
};

export interface SituationEntry {
  situation_id: number;
  situation: string;
  previous_situation_id: number | null;
  previous_situation: string | null;
  situation_date: string;
  user: string | null;
  created_at: string;
}

/** A registration's situations, the newest first. */
export async function situationsOf(db: Kysely<SpaceDatabase>, registrationId: number): Promise<SituationEntry[]> {
  const rows = await db
    .selectFrom('registration_situations as h')
    .innerJoin('situations as s', 's.id', 'h.situation_id')
    .leftJoin('situations as p', 'p.id', 'h.previous_situation_id')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.situation_id', 's.denomination as situation', 'h.previous_situation_id', 'p.denomination as previous_situation', 'h.situation_date', 'u.name as user', 'h.created_at'])
    .where('h.registration_id', '=', registrationId)
    .orderBy('h.id', 'desc')
    .execute();
  return rows.map((row) => ({
    situation_id: Number(row.situation_id),
    situation: row.situation,
    previous_situation_id: row.previous_situation_id == null ? null : Number(row.previous_situation_id),
    previous_situation: row.previous_situation ?? null,
    situation_date: dateText(row.situation_date)!,
    user: row.user ?? null,
    created_at: new Date(row.created_at as unknown as string).toISOString(),
  }));
}

/** The situations a registration may move to from its current one, the main one first. */
export async function nextSituationsOf(db: Kysely<SpaceDatabase>, registrationId: number) {
  const rows = await db
    .selectFrom('registrations as r')
    .innerJoin('situation_next_situations as n', 'n.situation_id', 'r.situation_id')
    .innerJoin('situations as s', 's.id', 'n.next_situation_id')
    .select(['s.id', 's.denomination as name', 'n.default', 's.disable_number'])
    .where('r.id', '=', registrationId)
    .where('s.inactivated', '=', false)
    .orderBy('n.default', 'desc')
    .orderBy('s.denomination')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, default: row.default === true, disable_number: row.disable_number === true }));
}
