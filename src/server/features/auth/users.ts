import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { hashPassword } from '../../core/resources/passwords.js';
import { revokeUserTokens } from './tokens.js';

/** What the API shows of a user: never the password hash. */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  active: boolean;
  /** A data URL, or null for the default image. */
  image_profile: string | null;
  last_login: Date | null;
  current_login: Date | null;
  created_at: Date;
  updated_at: Date;
  /** True until a user given a one-time password chooses their own. */
  must_change_password: boolean;
}

export function publicUser(row: Record<string, any>): PublicUser {
  return {
    id: Number(row.id), name: row.name, email: row.email, active: row.active, image_profile: row.image_profile ?? null, last_login: row.last_login,
    current_login: row.current_login, created_at: row.created_at, updated_at: row.updated_at,
    must_change_password: row.must_change_password === true,
  };
}

/** A user as the API shows them, or null. */
export async function findPublicUser(db: Kysely<SpaceDatabase>, id: number): Promise<PublicUser | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? publicUser(row) : null;
}

export async function findUserByEmail(db: Kysely<SpaceDatabase>, email: string) {
  return (
    (await db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst()) ?? null
  );
}

/** Moves the previous login time to `last_login` and stamps the new one. */
export async function stampLogin(db: Kysely<SpaceDatabase>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login: sql`current_login`, current_login: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Creates the initial administrator (permission 'admin') when the space has no user at all.
 * Returns true when it was created, so the caller knows to print a generated password.
 */
export async function ensureAdministrator(
  db: Kysely<SpaceDatabase>,
  account: { email: string; password: string; name?: string; mustChangePassword?: boolean },
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(account.password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        name: account.name ?? 'Administrador', email: account.email.toLowerCase(), password: passwordHash, active: true,
        ...(account.mustChangePassword ? { must_change_password: true } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_permissions').values({ user_id: user.id, name: 'admin', granted: true }).execute();
  });
  return true;
}

/**
 * usuarios: deactivating a user or giving them a new password ends all their sessions at once,
 * in the transaction of the change.
 */
export const revokeSessionsOnChange: ModuleHooks<SpaceDatabase> = {
  async afterWrite(trx, { mode, body, record, previous }) {
    if (mode !== 'update') return;
    const deactivated = previous?.active === true && record.active === false;
    const newPassword = typeof body.password === 'string' && body.password !== '';
    if (deactivated || newPassword) await revokeUserTokens(trx, Number(record.id));
  },
};

/** Routes a user who must change their password may still call (to change it, or to leave). */
const OPEN_WHILE_CHANGING = /^\/api\/(perfil|auth\/me|load|logout)(\/|\?|$)/;
export const MUST_CHANGE_PASSWORD = 'Altere sua senha para continuar.';

/**
 * Whether to answer 403 'Altere sua senha para continuar.': the user still has a one-time password
 * (as the session read it with this very request) and the route is not the profile, /api/auth/me,
 * /api/load or /api/logout.
 */
export const mustChangePasswordFirst = (mustChange: boolean, url: string): boolean => mustChange && !OPEN_WHILE_CHANGING.test(url);
