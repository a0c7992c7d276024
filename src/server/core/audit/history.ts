import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/** The longest trail one record's history answers. */
const HISTORY_LIMIT = 500;

/**
 * One record's audit rows, newest first, with who made each change (name and e-mail; none for the
 * server's own, such as a report printed in the background): a record's "history" call.
 */
export async function recordHistory(db: Kysely<SpaceDatabase>, module: string, recordId: number) {
  const rows = await db
    .selectFrom('audits as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.event', 'a.created_at', 'a.old_values', 'a.new_values', 'a.user_id', 'u.name as user_name', 'u.email as user_email'])
    .where('a.module', '=', module)
    .where('a.record_id', '=', recordId)
    .orderBy('a.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), user_id: row.user_id == null ? null : Number(row.user_id) }));
}
