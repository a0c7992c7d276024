import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { addError, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import type { Mailer } from '../../core/mail/mailer.js';
import { passwordProblems } from './password-policy.js';
import { hashToken } from './tokens.js';
import { fingerprint, revokeOtherTokens, setUserPassword, storedPasswordHash } from './user-password.js';
import { findUserByEmail } from './users.js';
import { recoveryMail } from './recovery-mail.js';

export const RESET_TTL_MINUTES = 60;
export const INVALID_LINK = 'Link de recuperação de senha inválido ou expirado.';
/** At most this many links per user in RECENT_MINUTES: more requests answer the same, mailing nothing. */
export const MAX_RECENT_LINKS = 5;
const RECENT_MINUTES = 15;
export const REQUEST_ANSWER = 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.';

/**
 * Checks the address and returns the work of answering it: for an active user of that e-mail, a
 * new link stored and mailed (resolving with where the mail went), otherwise nothing (null).
 * The caller answers without waiting for that work, so a known and an unknown address answer the
 * same, in the same time.
 */
export function requestPasswordReset(db: Kysely<SpaceDatabase>, mailer: Mailer, email: unknown, linkTo: (token: string) => string): { done: Promise<string | null> } {
  const address = typeof email === 'string' ? email.trim() : '';
  if (!address) throw invalid({ email: ['O campo E-mail é obrigatório.'] });
  if (address.length > 255 || !/^[^\s@]+@[^\s@]+$/.test(address)) throw invalid({ email: ['Informe um e-mail válido.'] });
  return { done: mailResetLink(db, mailer, address, linkTo) };
}

async function mailResetLink(db: Kysely<SpaceDatabase>, mailer: Mailer, address: string, linkTo: (token: string) => string): Promise<string | null> {
  const user = await findUserByEmail(db, address);
  if (!user || !user.active || (await recentLinks(db, user.id)) >= MAX_RECENT_LINKS) return null;
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: an older mail in the inbox stops opening anything.
    await trx.updateTable('password_resets').set({ used_at: new Date() }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    await trx.insertInto('password_resets').values({
      user_id: user.id, token_hash: hashToken(token), password_fingerprint: fingerprint(await storedPasswordHash(trx, user.id)),
      expires_at: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
    }).execute();
  });
  return mailer.send(recoveryMail(user.email, user.name, linkTo(token), RESET_TTL_MINUTES));
}

/** Links a user was sent lately: someone asking again and again fills no inbox. */
async function recentLinks(db: Kysely<SpaceDatabase>, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(Date.now() - RECENT_MINUTES * 60_000))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The live reset a token opens: unused, not expired, and asked for the password still in force. */
async function liveReset(db: Kysely<SpaceDatabase>, token: unknown, forUpdate = false) {
  if (typeof token !== 'string' || !token || token.length > 200) return null;
  let query = db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.password_fingerprint', 'u.email', 'u.active'])
    .where('r.token_hash', '=', hashToken(token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', new Date());
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || !row.active) return null;
  if (row.password_fingerprint !== fingerprint(await storedPasswordHash(db, row.user_id))) return null;
  return row;
}

/** The e-mail a valid link belongs to; 404 for an unknown, used or expired one. */
export async function findPasswordReset(db: Kysely<SpaceDatabase>, token: unknown): Promise<{ email: string }> {
  const reset = await liveReset(db, token);
  if (!reset) throw notFound(INVALID_LINK);
  return { email: reset.email };
}

/**
 * Sets the new password of a valid link, spends it, and ends every session of the user, all in
 * one transaction. 404 for a link that no longer works, 422 for a password the policy refuses.
 */
export async function resetPassword(db: Kysely<SpaceDatabase>, input: unknown): Promise<void> {
  const body = (input ?? {}) as Record<string, unknown>;
  const password = typeof body.password === 'string' ? body.password : '';
  const errors: FieldErrors = {};
  if (!password) addError(errors, 'password', 'O campo Senha é obrigatório.');
  else for (const problem of await passwordProblems(db, password)) addError(errors, 'password', problem);
  if (password && body.password_confirmation !== password) addError(errors, 'password_confirmation', 'A confirmação da senha não confere.');
  if (!(await liveReset(db, body.token))) throw notFound(INVALID_LINK);
  if (Object.keys(errors).length) throw invalid(errors);
  await db.transaction().execute(async (trx) => {
    const reset = await liveReset(trx, body.token, true);
    if (!reset) throw notFound(INVALID_LINK);
    await setUserPassword(trx, reset.user_id, password);
    await trx.updateTable('password_resets').set({ used_at: new Date() }).where('user_id', '=', reset.user_id).where('used_at', 'is', null).execute();
    await revokeOtherTokens(trx, reset.user_id);
    await recordAudit(trx, {
      event: 'updated', userId: reset.user_id, module: 'usuarios', recordId: reset.user_id,
      oldValues: { password: '' }, newValues: { password: password },
    });
  });
}
