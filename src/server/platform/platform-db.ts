import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { EntityDatabase } from '../../../generator/language/index.js';
import { spaceOf } from '../http/space.js';

/**
 * The platform database of a request. With one fixed space and no tenancy (tests, a server without
 * spaces) that space is the default one, whose database is the platform database.
 */
export function platformOf(request: FastifyRequest): Kysely<any> {
  const platform = (request as unknown as { platform?: Kysely<any> | null }).platform;
  if (platform) return platform;
  const space = spaceOf(request);
  if (space.isDefault === false) throw new Error('No platform database on the request: the tenancy plugin must be registered first.');
  return space.db;
}

/** The database a module's records live in, for this request. */
export function databaseOf(request: FastifyRequest, database: EntityDatabase): Kysely<any> {
  return database === 'platform' ? platformOf(request) : spaceOf(request).db;
}
