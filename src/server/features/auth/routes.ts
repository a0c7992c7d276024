import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Model } from '../../../../language/index.js';
import { AppError, invalid, MESSAGES } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { anyObject, dataAnswer, messageAnswer, recordOf, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes, RouteContract } from '../../core/http/route-contracts.js';
import { spaceOf, type RequestSpace } from '../../core/http/space.js';
import { sessionOf } from '../../core/http/session.js';
import { directGrants, loadParameters, rolesWithGrants } from './initial-load.js';
import { login, TooManyAttempts } from './login.js';
import { LoginThrottle } from './throttle.js';
import { revokeToken } from './tokens.js';
import { findPublicUser } from './users.js';

/** The caller's own record as the API shows it (the session carries only what every request needs). */
async function profileOf(request: FastifyRequest) {
  const user = await findPublicUser(spaceOf(request).db, sessionOf(request).user.id);
  if (!user) throw new AppError(401, MESSAGES.unauthenticated);
  return user;
}

/**
 * An e-mail no account can have is refused on its field before it is looked up or counted as a
 * failure: the failure's key (space, e-mail, address) is an indexed column.
 */
function checkLoginEmail(email: unknown): void {
  if (typeof email !== 'string') return;
  if (email.trim().length > 255) throw invalid({ email: ['O campo E-mail não pode ter mais de 255 caracteres.'] });
  if (email.includes('\u0000')) throw invalid({ email: ['O campo E-mail contém caracteres inválidos.'] });
}

export interface AuthRoutesOptions {
  model: Model;
  version: string;
  tokenTtlSeconds: number;
  /** The default space's system name (SYSTEM_NAME). */
  systemName: string | null;
}

/**
 * The space as the client names it: the page title is '{system_name} - {page}'. A configured space
 * takes its system's name; the default space, which has no configuration row, takes SYSTEM_NAME.
 */
const tenantOf = (space: RequestSpace, defaultSystemName: string | null) => ({
  name: space.name,
  system_name: space.isDefault === false ? (space.systemName ?? null) : defaultSystemName,
});

const signedIn = (summary: string, response: RouteContract['response'] = { 200: dataAnswer('OK', anyObject) }) => ({ tags: ['auth'], summary, response, errors: ['401'] }) satisfies RouteContract;
const contracts = {
  login: {
    tags: ['auth'], summary: 'Entrar', security: [],
    // The sign-in reads the body and answers each refusal on its field, in its own words.
    body: { type: 'object', properties: { email: { description: 'Texto, obrigatório: o e-mail.' }, password: { description: 'Texto, obrigatório: a senha.' } } },
    response: {
      200: dataAnswer('Sessão aberta', {
        type: 'object',
        properties: { token: text, token_type: { const: 'Bearer' }, expires_at: text, user: recordOf('User') },
        required: ['token', 'token_type', 'expires_at', 'user'],
      }),
    },
    errors: ['422', '423', '429'],
  },
  me: signedIn('Usuário da sessão', { 200: dataAnswer('OK', recordOf('User')) }),
  logout: signedIn('Sair (revoga o token)', { 200: messageAnswer('Sessão encerrada') }),
  load: signedIn('Carga inicial da aplicação'),
  permissions: signedIn('Permissões efetivas do usuário', { 200: dataAnswer('OK', { type: 'array', items: text }) }),
  catalogue: signedIn('Todas as permissões conhecidas', { 200: dataAnswer('OK', { type: 'array', items: anyObject }) }),
} as const;

/** Login, logout, the current user, the initial application load and the permission lists. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const throttle = new LoginThrottle();

  const routes = app.withTypeProvider<ContractTypes>();
  routes.post('/api/auth', { schema: contracts.login, config: { public: true } }, async (request, reply) => {
    const body = objectBody(request.body);
    checkLoginEmail(body.email);
    const attempt = { email: body.email, password: body.password, space: spaceOf(request).name, address: request.ip };
    try {
      return reply.send({ data: await login(spaceOf(request).db, attempt, { throttle, tokenTtlSeconds: options.tokenTtlSeconds }) });
    } catch (error) {
      if (error instanceof TooManyAttempts) reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  });

  routes.get('/api/auth/me', { schema: contracts.me }, async (request) => ({ data: await profileOf(request) }));

  routes.post('/api/logout', { schema: contracts.logout }, async (request) => {
    await revokeToken(spaceOf(request).db, sessionOf(request).tokenId);
    return { message: 'Sessão encerrada.' };
  });

  routes.get('/api/auth/permissions', { schema: contracts.permissions }, async (request) => ({ data: [...sessionOf(request).permissions] }));

  routes.get('/api/permissions', { schema: contracts.catalogue }, async () => ({ data: app.resources.permissionCatalogue }));

  routes.get('/api/load', { schema: contracts.load }, async (request) => {
    const session = sessionOf(request);
    const db = spaceOf(request).db;
    const permissions = [...session.permissions];
    const [user, parameters, grants, roles] = await Promise.all([
      profileOf(request),
      loadParameters(db),
      directGrants(db, session.user.id),
      rolesWithGrants(db, session.user.id),
    ]);
    return {
      data: {
        parameters,
        me: { user, permissions: grants, roles },
        permissions,
        tenant: tenantOf(spaceOf(request), options.systemName),
        version: options.version,
      },
    };
  });
}
