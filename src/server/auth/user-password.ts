import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from './passwords.js';

const columns = new WeakMap<Kysely<any>, Promise<string>>();

/** The users column holding the argon2 hash (`password` when the table comes from its schema). */
function passwordColumn(db: Kysely<any>): Promise<string> {
  let column = columns.get(db);
  if (!column) {
    column = sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'users' and column_name in ('password', 'password_hash')
      order by column_name limit 1`.execute(db).then((result) => result.rows[0]?.column_name ?? 'password');
    columns.set(db, column);
  }
  return column;
}

/** The stored hash of a user's password, or null for an unknown user. */
export async function storedPasswordHash(db: Kysely<any>, userId: number | string): Promise<string | null> {
  const column = await passwordColumn(db);
  const row = await db.selectFrom('users').select(sql<string>`${sql.ref(column)}`.as('hash')).where('id', '=', userId).executeTakeFirst();
  return row ? row.hash : null;
}

/** A digest of the stored hash: it changes whenever the password does, and reveals nothing. */
export const fingerprint = (passwordHash: string | null) => createHash('sha256').update(passwordHash ?? '').digest('hex');

/** Stores a new password (hashed) for a user. */
export async function setUserPassword(db: Kysely<any>, userId: number | string, password: string): Promise<void> {
  const column = await passwordColumn(db);
  await db.updateTable('users').set({ [column]: await hashPassword(password), updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Revokes every live token of a user except `keepTokenId` (the caller's own session), if given. */
export async function revokeOtherTokens(db: Kysely<any>, userId: number | string, keepTokenId: string | null = null): Promise<void> {
  let query = db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenId !== null) query = query.where('id', '<>', keepTokenId);
  await query.execute();
}
