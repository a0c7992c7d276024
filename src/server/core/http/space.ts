import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/** The database space a request works in (set by the tenancy plugin from the `Tenant` header). */
export interface RequestSpace {
  name: string;
  db: Kysely<SpaceDatabase>;
  /** The default space (the platform database), which has no tenant configuration of its own. */
  isDefault?: boolean;
  /** Name of the system a configured space belongs to (`systems.name`), or null. */
  systemName?: string | null;
}

/** A space held for background work (a report's job): `release()` when done, so an idle one may close. */
export interface HeldSpace extends RequestSpace {
  release(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The spaces whose databases this process has open now, held until each is released: where background work looks for jobs. */
    openSpaces(): Promise<HeldSpace[]>;
  }
}

/** Public routes that answer without any space (a malformed `Tenant` header does not matter there). */
export const SPACELESS_ROUTES = /^\/api\/(health|openapi\.json|openapi\/[a-z]+|docs)(\/|$|\?)/;

export const isSpaceless = (request: FastifyRequest) => SPACELESS_ROUTES.test(request.url);

/** The request's space; the tenancy plugin has run before any route handler. */
export function spaceOf(request: FastifyRequest): RequestSpace {
  const space = (request as unknown as { space?: RequestSpace }).space;
  if (!space) throw new Error('No database space on the request: the tenancy plugin must be registered first.');
  return space;
}

/** Every request works in the one given space: for tests and for a server without tenancy. */
export const singleSpace = fp(async (app: FastifyInstance, options: { space: RequestSpace }) => {
  if (!app.hasRequestDecorator('space')) app.decorateRequest('space', null as never);
  const space = { isDefault: true, ...options.space };
  if (!app.hasDecorator('openSpaces')) app.decorate('openSpaces', async () => [{ ...space, release: () => undefined }]);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { space: RequestSpace }).space = space;
  });
});
