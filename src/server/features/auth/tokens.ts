import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { effectivePermissionsOf } from './grants.js';

/** Only the SHA-256 of a token is stored, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque random token (32 bytes) for a user. */
export async function issueToken(db: Kysely<SpaceDatabase>, userId: number, ttlSeconds: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insertInto('access_tokens').values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** The active user a token belongs to, or null when it is unknown, expired or revoked. */
export async function findTokenUser(db: Kysely<SpaceDatabase>, token: string) {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id as token_id', 'u.id', 'u.name', 'u.email', 'u.active', 'u.image_profile', 'u.last_login', 'u.current_login', 'u.created_at', 'u.updated_at', 'u.must_change_password'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.active', '=', true)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeToken(db: Kysely<SpaceDatabase>, tokenId: number): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
}

/** Revokes every live token of a user at once (deactivation, a new password). */
export async function revokeUserTokens(db: Kysely<SpaceDatabase>, userId: number): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/**
 * The active user a live token belongs to and the permission names they hold now, in one statement
 * (one round trip per request); null when the token is unknown, expired or revoked. Grants are read
 * afresh on every call, so a grant changed or expired applies to the next request.
 */
export async function findTokenSession(db: Kysely<SpaceDatabase>, token: string) {
  const { rows } = await sql<Record<string, any> & { token_id: number; permissions: string[] }>`
    select t.id as token_id, u.id, u.name, u.email, u.must_change_password,
           array(${effectivePermissionsOf(sql`u.id`)} order by 1) as permissions
      from access_tokens t join users u on u.id = t.user_id
     where t.token_hash = ${hashToken(token)} and t.revoked_at is null and t.expires_at > ${new Date()} and u.active`.execute(db);
  return rows[0] ?? null;
}
