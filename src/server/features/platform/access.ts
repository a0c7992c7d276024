import type { FastifyRequest } from 'fastify';
import { ADMIN, requireAny, sessionOf, type Session } from '../../core/http/session.js';
import { AppError, MESSAGES } from '../../core/http/app-error.js';
import { spaceOf } from '../../core/http/space.js';
import type { ModuleName } from '../../../../generated/modules.js';
import type { ModuleAccessRule } from '../../core/resources/registry.js';

/** The reserved system: every user of a space of this system holds 'magnetar-index' (compared case-insensitively). */
export const RESERVED_SYSTEM_NAME = 'magnetar';
export const MAGNETAR_INDEX = 'magnetar-index';

/** Modules whose forms (show, insert, update, delete, combos) need 'magnetar-index' or 'admin'. */
export const OPERATOR_MODULES: ReadonlySet<string> = new Set<ModuleName>(['clientes', 'sistemas']);

/** True when the request's space belongs to the reserved system. */
export function inReservedSystem(request: FastifyRequest): boolean {
  const name = spaceOf(request).systemName;
  return typeof name === 'string' && name.trim().toLowerCase() === RESERVED_SYSTEM_NAME;
}

/**
 * The platform's operators work from the default space or from a space of the reserved system.
 * A customer's space, its own administrator included, never reaches the platform's records.
 */
export function inPlatformSpace(request: FastifyRequest): boolean {
  return spaceOf(request).isDefault !== false || inReservedSystem(request);
}

/** An operator of the platform: in a platform space, holding 'admin' or 'magnetar-index' (every user of the reserved system does). */
export function isOperator(request: FastifyRequest, session: Session = sessionOf(request)): boolean {
  if (!inPlatformSpace(request)) return false;
  return session.permissions.has(ADMIN) || inReservedSystem(request) || session.permissions.has(MAGNETAR_INDEX);
}

/** 403 unless the caller is an operator of the platform. */
export function requireOperator(request: FastifyRequest): Session {
  const session = sessionOf(request);
  if (!isOperator(request, session)) throw new AppError(403, MESSAGES.forbidden);
  return session;
}

/**
 * The platform's rule for the generic routes: its modules answer only in a platform space; there
 * an operator may use the operators' modules, and anyone else needs the route's own names
 * (`tenant.show`, `monitor.index`, granted like any other).
 */
export const platformModuleAccess: ModuleAccessRule = (request, entity, session) => {
  if (entity.database !== 'platform') return undefined;
  if (!inPlatformSpace(request)) return false;
  return OPERATOR_MODULES.has(entity.module) && isOperator(request, session) ? true : undefined;
};

/** `requireAny` for the platform's own routes (the monitors' grid and checks): a platform space only. */
export function requirePlatformPermission(request: FastifyRequest, names: string[]): Session {
  sessionOf(request);
  if (!inPlatformSpace(request)) throw new AppError(403, MESSAGES.forbidden);
  return requireAny(request, names);
}
