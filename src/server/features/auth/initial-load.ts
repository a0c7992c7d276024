import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { frontParameters } from '../parameters/index.js';

/**
 * Where `/api/load` takes its `parameters` from: the front-office parameters of the space.
 * Swap here if the parameters store changes; the load itself knows nothing of it.
 */
export const loadParameters = (db: Kysely<SpaceDatabase>): Promise<unknown> => frontParameters(db);

const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : (value as string | null));

/** A user's direct grants as stored (granted or not, expired or not), for `me.permissions`. */
export async function directGrants(db: Kysely<SpaceDatabase>, userId: number) {
  const rows = await db.selectFrom('user_permissions').select(['name', 'granted', 'expires_at']).where('user_id', '=', userId).orderBy('name').execute();
  return rows.map((row) => ({ name: row.name, granted: row.granted, expires_at: isoDate(row.expires_at) }));
}

/** A user's roles, each with its grants as stored, for `me.roles`. */
export async function rolesWithGrants(db: Kysely<SpaceDatabase>, userId: number) {
  const roles = await db
    .selectFrom('roles as r')
    .innerJoin('users_roles as ur', 'ur.role_id', 'r.id')
    .select(['r.id', 'r.name'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.name')
    .execute();
  if (roles.length === 0) return [];
  const grants = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'name', 'granted', 'expires_at'])
    .where('role_id', 'in', roles.map((role) => role.id))
    .orderBy('name')
    .execute();
  return roles.map((role) => ({
    id: Number(role.id),
    name: role.name,
    permissions: grants
      .filter((grant) => String(grant.role_id) === String(role.id))
      .map((grant) => ({ name: grant.name, granted: grant.granted, expires_at: isoDate(grant.expires_at) })),
  }));
}
