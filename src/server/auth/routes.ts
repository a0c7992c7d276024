import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../generator/language/index.js';
import { AppError, invalid } from '../http/app-error.js';
import { spaceOf, type RequestSpace } from '../http/space.js';
import { sessionOf } from './guard.js';
import { verifyPassword } from './passwords.js';
import { permissionCatalogue } from './permissions.js';
import { LoginThrottle } from './throttle.js';
import { issueToken, revokeToken } from './tokens.js';
import { findUserByEmail, publicUser, stampLogin } from './users.js';

export interface AuthRoutesOptions {
  model: Model;
  version: string;
  tokenTtlSeconds: number;
  /** The default space's system name (SYSTEM_NAME). */
  systemName: string | null;
}

const BAD_CREDENTIALS = 'E-mail ou senha inválidos.';
const BLOCKED = 'Usuário bloqueado. Contacte o administrador.';
const TOO_MANY = 'Muitas tentativas de acesso. Tente novamente em alguns minutos.';

/**
 * The space as the client names it: the page title is '{system_name} - {page}'. A configured space
 * takes its system's name; the default space, which has no configuration row, takes SYSTEM_NAME.
 */
const tenantOf = (space: RequestSpace, defaultSystemName: string | null) => ({
  name: space.name,
  system_name: space.isDefault === false ? (space.systemName ?? null) : defaultSystemName,
});

/** Login, logout, the current user, the initial application load and the permission lists. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const throttle = new LoginThrottle();
  const catalogue = permissionCatalogue(options.model);

  app.post('/api/auth', { config: { public: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: Record<string, string[]> = {};
    if (!email) errors.email = ['O campo E-mail é obrigatório.'];
    if (!password) errors.password = ['O campo Senha é obrigatório.'];
    if (Object.keys(errors).length) throw invalid(errors);
    const key = `${spaceOf(request).name}|${email.toLowerCase()}|${request.ip}`;
    if (throttle.blocked(key)) throw new AppError(429, TOO_MANY, { email: [TOO_MANY] });
    const db = spaceOf(request).db;
    const user = await findUserByEmail(db, email);
    if (!user || !(await verifyPassword(user.password_hash, password))) {
      throttle.fail(key);
      throw invalid({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    }
    if (!user.active) throw new AppError(423, BLOCKED, { email: [BLOCKED] });
    throttle.succeed(key);
    await stampLogin(db, user.id);
    const { token, expiresAt } = await issueToken(db, user.id, options.tokenTtlSeconds);
    const fresh = await findUserByEmail(db, email);
    return reply.send({ data: { token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user: publicUser(fresh!) } });
  });

  app.get('/api/auth/me', async (request) => ({ data: sessionOf(request).user }));

  app.post('/api/logout', async (request) => {
    await revokeToken(spaceOf(request).db, sessionOf(request).tokenId);
    return { message: 'Sessão encerrada.' };
  });

  app.get('/api/auth/permissions', async (request) => ({ data: [...sessionOf(request).permissions] }));

  app.get('/api/permissions', async () => ({ data: catalogue }));

  app.get('/api/load', async (request) => {
    const session = sessionOf(request);
    const permissions = [...session.permissions];
    return {
      data: {
        parameters: {},
        me: { user: session.user, permissions, roles: [] },
        permissions,
        tenant: tenantOf(spaceOf(request), options.systemName),
        version: options.version,
      },
    };
  });
}
