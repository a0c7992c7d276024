import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { hashPassword } from '../../core/resources/passwords.js';

/** The stored argon2 hash of a user's password (the `password` column), or null for an unknown user. */
export async function storedPasswordHash(db: Kysely<SpaceDatabase>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password').where('id', '=', userId).executeTakeFirst();
  return row ? row.password : null;
}

/** A digest of the stored hash: it changes whenever the password does, and reveals nothing. */
export const fingerprint = (passwordHash: string | null) => createHash('sha256').update(passwordHash ?? '').digest('hex');

/** Stores a new password (hashed) for a user. */
export async function setUserPassword(db: Kysely<SpaceDatabase>, userId: number, password: string): Promise<void> {
  await db.updateTable('users').set({ password: await hashPassword(password), must_change_password: false, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Revokes every live token of a user except `keepTokenId` (the caller's own session), if given. */
export async function revokeOtherTokens(db: Kysely<SpaceDatabase>, userId: number, keepTokenId: number | null = null): Promise<void> {
  let query = db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenId !== null) query = query.where('id', '<>', keepTokenId);
  await query.execute();
}
