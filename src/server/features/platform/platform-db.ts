import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../generated/database.js';
import { spaceOf } from '../../core/http/space.js';

/**
 * The platform database of a request. With one fixed space and no tenancy (tests, a server without
 * spaces) that space is the default one, whose database is the platform database.
 */
export function platformOf(request: FastifyRequest): Kysely<PlatformDatabase> {
  const platform = (request as unknown as { platform?: Kysely<PlatformDatabase> | null }).platform;
  if (platform) return platform;
  const space = spaceOf(request);
  if (space.isDefault === false) throw new Error('No platform database on the request: the tenancy plugin must be registered first.');
  // The default space's database holds the platform's tables too.
  return space.db as unknown as Kysely<PlatformDatabase>;
}

