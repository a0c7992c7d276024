import type { FastifyRequest } from 'fastify';
import { requireAny, sessionOf, type Session } from '../auth/guard.js';
import { ADMIN } from '../auth/permissions.js';
import { AppError, MESSAGES } from '../http/app-error.js';
import { spaceOf } from '../http/space.js';

/** The reserved system: every user of a space of this system holds 'magnetar-index' (compared case-insensitively). */
export const RESERVED_SYSTEM_NAME = 'magnetar';
export const MAGNETAR_INDEX = 'magnetar-index';

/** Modules whose forms (show, insert, update, delete, combos) need 'magnetar-index' or 'admin'. */
export const OPERATOR_MODULES = new Set(['clientes', 'sistemas']);

/** True when the request's space belongs to the reserved system. */
export function inReservedSystem(request: FastifyRequest): boolean {
  const name = spaceOf(request).systemName;
  return typeof name === 'string' && name.trim().toLowerCase() === RESERVED_SYSTEM_NAME;
}

/** Holds 'admin', or 'magnetar-index' through the reserved system. */
export function isOperator(request: FastifyRequest, session: Session = sessionOf(request)): boolean {
  return session.permissions.has(ADMIN) || inReservedSystem(request) || session.permissions.has(MAGNETAR_INDEX);
}

/** 403 unless the caller is an operator of the platform. */
export function requireOperator(request: FastifyRequest): Session {
  const session = sessionOf(request);
  if (!isOperator(request, session)) throw new AppError(403, MESSAGES.forbidden);
  return session;
}

/**
 * The permission check of a generic route: an operator may use the operators' modules; anyone else
 * needs the route's own names (`tenant.show`, granted like any other).
 */
export function requireModuleAccess(request: FastifyRequest, module: string, names: string[]): Session {
  if (OPERATOR_MODULES.has(module) && isOperator(request)) return sessionOf(request);
  return requireAny(request, names);
}
