import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';

/**
 * Moves every current work relation (no resignation date) whose employer is `from` to `to`, in the
 * caller's transaction; answers how many moved. Each person whose relations moved gets a new version,
 * so a form opened before the move cannot put the old employer back (409), and an audit row naming
 * the relations and both employers.
 */
export async function moveWorkRelations(trx: Kysely<SpaceDatabase>, from: number, to: number, userId: number): Promise<number> {
  const moved = await trx
    .updateTable('person_work_relations')
    .set({ employer_id: to })
    .where('employer_id', '=', from)
    .where('resignation_date', 'is', null)
    .returning(['id', 'person_id'])
    .execute();
  const byPerson = new Map<number, number[]>();
  for (const row of moved) byPerson.set(Number(row.person_id), [...(byPerson.get(Number(row.person_id)) ?? []), Number(row.id)]);
  if (byPerson.size === 0) return 0;
  await trx
    .updateTable('persons')
    .set({ updated_at: sql`greatest(now(), updated_at + interval '1 millisecond')` })
    .where(sql<boolean>`id = any(${[...byPerson.keys()]}::bigint[])`)
    .execute();
  for (const [personId, relationIds] of byPerson) {
    await recordAudit(trx, {
      event: 'updated', userId, module: 'pessoa_fisica', recordId: personId,
      oldValues: { work_relations: relationIds.map((id) => ({ id, employer_id: from })) },
      newValues: { work_relations: relationIds.map((id) => ({ id, employer_id: to })) },
    });
  }
  return moved.length;
}
