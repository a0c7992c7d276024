import type { FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from './app-error.js';

/** The permission that allows everything. */
export const ADMIN = 'admin';

/** Who is calling, as every request reads it afresh (the profile itself is loaded where it is shown). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  /** True until a user given a one-time password chooses their own. */
  must_change_password: boolean;
}

export interface Session {
  user: SessionUser;
  tokenId: number;
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the authentication guard (the auth feature's guard.ts); null on public routes. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** True for routes anyone may call (health, login, password recovery, the OpenAPI document). */
    public?: boolean;
  }
}

/** True when the holder has 'admin' or any of the names. */
export function allows(held: ReadonlySet<string>, anyOf: readonly string[]): boolean {
  return held.has(ADMIN) || anyOf.some((name) => held.has(name));
}

/** The authenticated session; routes behind the guard always have one. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(401, MESSAGES.unauthenticated);
  return request.session;
}

/** Throws 403 unless the caller holds 'admin' or one of the names. */
export function requireAny(request: FastifyRequest, anyOf: readonly string[]): Session {
  const session = sessionOf(request);
  if (!allows(session.permissions, anyOf)) throw new AppError(403, MESSAGES.forbidden);
  return session;
}
