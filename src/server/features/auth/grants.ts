import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/** A grant counts while granted and not past its expiry date (the expiry day itself still counts). */
const live = sql<boolean>`granted and (expires_at is null or expires_at >= current_date)`;

/**
 * The names a user holds now, as a subquery over `userId` (an SQL expression): their own live
 * grants and those of their roles. The request guard reads it in the token's statement.
 */
export const effectivePermissionsOf = (userId: RawBuilder<unknown>) => sql`
    select up.name from user_permissions up where up.user_id = ${userId} and up.granted and (up.expires_at is null or up.expires_at >= current_date)
    union
    select rp.name from role_permissions rp join users_roles ur on ur.role_id = rp.role_id
     where ur.user_id = ${userId} and rp.granted and (rp.expires_at is null or rp.expires_at >= current_date)`;

/** Names a user holds now: their own live grants and those of their roles. Read on every request. */
export async function effectivePermissions(db: Kysely<SpaceDatabase>, userId: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from user_permissions where user_id = ${userId} and ${live}
    union
    select rp.name from role_permissions rp join users_roles ur on ur.role_id = rp.role_id
     where ur.user_id = ${userId} and ${live}
    order by name`.execute(db);
  return rows.map((row) => row.name);
}

