import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../generated/database.js';
import { MUST_CHANGE_PASSWORD, mustChangePasswordFirst } from '../auth/users.js';
import { SpaceError } from './space-name.js';
import type { Space, SpaceDirectory } from './space-directory.js';

declare module 'fastify' {
  interface FastifyInstance {
    spaces: SpaceDirectory;
  }
  interface FastifyRequest {
    /** The space the `Tenant` header names, with its database. Set on every request under the prefix. */
    space: Space;
    /** The platform database (tenants, spaces, systems, monitors), whatever space the request names. */
    platform: Kysely<PlatformDatabase>;
  }
}

export interface TenancyOptions {
  directory: SpaceDirectory;
  /** Only requests whose URL starts with it get a space (static files and the web client do not). */
  prefix?: string;
  /** URLs under the prefix that need no space, such as the health check. */
  skip?: (request: FastifyRequest) => boolean;
}

const MESSAGES = { malformed: 'Nome de espaço inválido.', unknown: 'Espaço não encontrado.' } as const;
const STATUS = { malformed: 400, unknown: 404 } as const;

async function tenancy(app: FastifyInstance, options: TenancyOptions): Promise<void> {
  const prefix = options.prefix ?? '/api';
  app.decorate('spaces', options.directory);
  app.decorate('openSpaces', async () => {
    const held: Space[] = [];
    for (const name of [undefined, ...options.directory.openSpaces()]) {
      // A space closed or deactivated since it was listed has no background work to do here.
      const space = await options.directory.acquire(name).catch(() => null);
      if (space) held.push(space);
    }
    return held.map((space) => ({ ...space, release: () => space.release?.() }));
  });
  if (!app.hasRequestDecorator('space')) app.decorateRequest('space', null as unknown as Space);
  if (!app.hasRequestDecorator('platform')) app.decorateRequest('platform', null as unknown as Kysely<PlatformDatabase>);
  // A space closed by the LRU waits for the requests still using it.
  app.addHook('onResponse', async (request: FastifyRequest) => request.space?.release?.());
  app.addHook('onRequestAbort', async (request: FastifyRequest) => request.space?.release?.());
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith(prefix) || options.skip?.(request)) return;
    request.platform = options.directory.platform;
    const header = request.headers.tenant;
    const name = Array.isArray(header) ? header[0] : header;
    try {
      request.space = await options.directory.acquire(name?.trim());
    } catch (error) {
      if (!(error instanceof SpaceError)) throw error;
      return reply.code(STATUS[error.kind]).send({ message: MESSAGES[error.kind] });
    }
  });
  // After the guard has found the session: a one-time password must be changed before anything else.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const session = (request as { session?: { user: { must_change_password: boolean } } | null }).session;
    if (!session || !request.space || request.space.isDefault) return;
    if (mustChangePasswordFirst(session.user.must_change_password, request.url)) {
      return reply.code(403).send({ message: MUST_CHANGE_PASSWORD });
    }
  });
}

/** Reads the `Tenant` header: 400 for a malformed name, 404 for an unknown or inactive space, else `request.space`. */
export const tenancyPlugin = fp(tenancy, { name: 'tenancy', fastify: '5.x' });

/**
 * The plugin with its options bound, ready for `app.register(createTenancyPlugin(directory))`.
 * It is not encapsulated, so its hook covers the routes registered beside it.
 */
export function createTenancyPlugin(directory: SpaceDirectory, options: Omit<TenancyOptions, 'directory'> = {}) {
  return fp(async (app: FastifyInstance) => tenancy(app, { ...options, directory }), { name: 'tenancy', fastify: '5.x' });
}

/** Registers tenancy on the app: `await registerTenancy(app, await SpaceDirectory.open({ ...platformConfigFromEnv(), migrations: MIGRATIONS }))`. */
export async function registerTenancy(app: FastifyInstance, directory: SpaceDirectory, options: Omit<TenancyOptions, 'directory'> = {}): Promise<void> {
  await app.register(tenancyPlugin, { ...options, directory });
}
