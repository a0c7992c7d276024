import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { AppError, invalid } from '../../core/http/app-error.js';
import { hashPassword, verifyPassword } from '../../core/resources/passwords.js';
import type { LoginThrottle } from './throttle.js';
import { issueToken } from './tokens.js';
import { findUserByEmail, publicUser, stampLogin } from './users.js';

export const BAD_CREDENTIALS = 'E-mail ou senha inválidos.';
export const BLOCKED = 'Usuário bloqueado. Contacte o administrador.';
export const TOO_MANY = 'Muitas tentativas de acesso. Tente novamente em alguns minutos.';

/** 429 with the seconds the caller must wait, for the Retry-After header. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY, { email: [TOO_MANY] });
  }
}

export interface LoginAttempt {
  email: unknown;
  password: unknown;
  /** The space's name and the client's address: failures are counted per space, e-mail and address. */
  space: string;
  address: string;
}

export interface LoginOptions {
  throttle: LoginThrottle;
  tokenTtlSeconds: number;
}

/**
 * An unknown e-mail is checked against this hash (same algorithm and cost as real ones), so it fails
 * in the same time as a known e-mail with a wrong password and timing tells nothing about accounts.
 * Computed once, ahead of the first login.
 */
const dummyHash: Promise<string> = hashPassword('senha-inexistente-apenas-para-igualar-o-tempo');


function readCredentials(attempt: LoginAttempt) {
  const email = typeof attempt.email === 'string' ? attempt.email.trim() : '';
  const password = typeof attempt.password === 'string' ? attempt.password : '';
  const errors: Record<string, string[]> = {};
  if (!email) errors.email = ['O campo E-mail é obrigatório.'];
  if (!password) errors.password = ['O campo Senha é obrigatório.'];
  if (Object.keys(errors).length) throw invalid(errors);
  return { email, password };
}

/**
 * Checks the credentials and issues a token. 422 on a wrong e-mail or password (always the same
 * message on `email`), 423 for an inactive user, 429 after too many failures of the same space,
 * e-mail and address.
 */
export async function login(db: Kysely<SpaceDatabase>, attempt: LoginAttempt, options: LoginOptions) {
  const { email, password } = readCredentials(attempt);
  const key = `${attempt.space}|${email.toLowerCase()}|${attempt.address}`;
  // Counted before the check, so guesses sent at once cannot all be checked before any is counted.
  const wait = await options.throttle.attempt(db, key);
  if (wait > 0) throw new TooManyAttempts(wait);
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(user ? String(user.password) : await dummyHash, password);
  if (!user || !matches) throw invalid({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
  await options.throttle.succeed(db, key);
  if (!user.active) throw new AppError(423, BLOCKED, { email: [BLOCKED] });
  await stampLogin(db, user.id);
  const { token, expiresAt } = await issueToken(db, user.id, options.tokenTtlSeconds);
  const fresh = await findUserByEmail(db, email);
  return { token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString(), user: publicUser(fresh!) };
}
