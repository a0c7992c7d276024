import type { FastifyRequest } from 'fastify';
import { requireAny, sessionOf, type Session } from '../auth/guard.js';
import { ADMIN, allows } from '../auth/permissions.js';
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
 * The permission check of a generic route: the platform's modules answer only in a platform space;
 * there an operator may use the operators' modules, and anyone else needs the route's own names
 * (`tenant.show`, `monitor.index`, granted like any other).
 */
export function requireModuleAccess(request: FastifyRequest, entity: { module: string; database: string }, names: string[]): Session {
  const session = sessionOf(request);
  if (!mayUseModule(request, entity, names, session)) throw new AppError(403, MESSAGES.forbidden);
  return session;
}

/** Whether `requireModuleAccess` lets the caller through, without throwing (the dashboard asks it of every module). */
export function mayUseModule(request: FastifyRequest, entity: { module: string; database: string }, names: string[], session: Session = sessionOf(request)): boolean {
  if (entity.database === 'platform') {
    if (!inPlatformSpace(request)) return false;
    if (OPERATOR_MODULES.has(entity.module) && isOperator(request, session)) return true;
  }
  return allows(session.permissions, names);
}

/** `requireAny` for the platform's own routes (the monitors' grid and checks): a platform space only. */
export function requirePlatformPermission(request: FastifyRequest, names: string[]): Session {
  sessionOf(request);
  if (!inPlatformSpace(request)) throw new AppError(403, MESSAGES.forbidden);
  return requireAny(request, names);
}
