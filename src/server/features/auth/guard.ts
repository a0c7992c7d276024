import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, MESSAGES } from '../../core/http/app-error.js';
import { spaceOf } from '../../core/http/space.js';
import { findTokenSession } from './tokens.js';

const bearer = (request: FastifyRequest) => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
};

const isPublic = (request: FastifyRequest) =>
  request.routeOptions.config?.public === true || request.url === '/api/docs' || request.url.startsWith('/api/docs/');

/**
 * Authenticates every `/api` call except the public ones: the bearer token must be a live token
 * of the request's space (a token of another space is unknown there, hence 401). It sets the
 * `request.session` that `sessionOf` (src/server/core/http/session.ts) reads.
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
      tokenId: Number(row.token_id),
      permissions: new Set(row.permissions),
    };
  });
});
