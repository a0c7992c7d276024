import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, MESSAGES } from '../http/app-error.js';
import { spaceOf } from '../http/space.js';
import { allows } from './permissions.js';
import { findTokenSession } from './tokens.js';

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
  tokenId: string;
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** True for routes anyone may call (health, login, password recovery, the OpenAPI document). */
    public?: boolean;
  }
}

const bearer = (request: FastifyRequest) => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
};

const isPublic = (request: FastifyRequest) =>
  request.routeOptions.config?.public === true || request.url === '/api/docs' || request.url.startsWith('/api/docs/');

/**
 * Authenticates every `/api` call except the public ones: the bearer token must be a live token
 * of the request's space (a token of another space is unknown there, hence 401).
 */
export const authGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api') || request.is404 || isPublic(request)) return;
    const token = bearer(request);
    const db = spaceOf(request).db;
    const row = token ? await findTokenSession(db, token) : null;
    if (!row) throw new AppError(401, MESSAGES.unauthenticated);
    request.session = {
      user: { id: Number(row.id), name: row.name, email: row.email, must_change_password: row.must_change_password === true },
      tokenId: String(row.token_id),
      permissions: new Set(row.permissions),
    };
  });
});

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
