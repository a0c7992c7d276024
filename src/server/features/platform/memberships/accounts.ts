import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import { recordAudit } from '../../../core/audit/record.js';
import { revokeUserTokens } from '../../auth/tokens.js';
import { hashPassword } from '../../../core/resources/passwords.js';
import { oneTimePassword } from '../spaces/provision.js';

/** The person as the user form names them, copied to their account in another space. */
export interface Person {
  name: string;
  email: string;
}

/**
 * Makes sure the person has an active account in a space's database: a new one (no grants, no roles,
 * a one-time password they must change at the first login) or the one there, re-activated with its own
 * password, grants and roles. One statement, so two saves at once make one account; only the save that
 * inserted it gets the password. Returns that password, or null for an account that already existed.
 */
export async function provideAccount(db: Kysely<SpaceDatabase>, person: Person): Promise<string | null> {
  const password = oneTimePassword();
  const hash = await hashPassword(password);
  const { rows } = await sql<{ id: number; inserted: boolean; was_active: boolean }>`
    with before as (select id, active from users where lower(email) = lower(${person.email}))
    insert into users (name, email, password, active, must_change_password)
    values (${person.name}, ${person.email}, ${hash}, true, true)
    on conflict ((lower(email))) do update set active = true, updated_at = greatest(now(), users.updated_at + interval '1 millisecond')
    returning id, (xmax = 0) as inserted, coalesce((select active from before), false) as was_active`.execute(db);
  const row = rows[0];
  if (row.inserted || !row.was_active) {
    await recordAudit(db, {
      event: row.inserted ? 'created' : 'updated', userId: null, module: 'usuarios', recordId: Number(row.id),
      ...(row.inserted ? { newValues: { name: person.name, email: person.email, active: true } } : { oldValues: { active: false }, newValues: { active: true } }),
    });
  }
  return row.inserted ? password : null;
}

/** Deactivates the person's account in a space (never deletes it: its audit history stays) and ends its sessions. */
export async function deactivateAccount(db: Kysely<SpaceDatabase>, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('users').select(['id', 'active']).where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).forUpdate().executeTakeFirst();
    if (!account?.active) return;
    await trx.updateTable('users').set({ active: false, updated_at: sql`greatest(now(), updated_at + interval '1 millisecond')` }).where('id', '=', account.id).execute();
    await revokeUserTokens(trx, Number(account.id));
    await recordAudit(trx, { event: 'updated', userId: null, module: 'usuarios', recordId: Number(account.id), oldValues: { active: true }, newValues: { active: false } });
  });
}
