import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectBody } from '../../core/http/body.js';
import { dataAnswer, messageAnswer, pathOf, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { spaceOf } from '../../core/http/space.js';
import { createMailer } from '../../core/mail/mailer.js';
import type { MailSettings } from '../../core/mail/settings.js';
import { findPasswordReset, requestPasswordReset, REQUEST_ANSWER, resetPassword } from './recovery.js';

/**
 * Where the link in the mail points: APP_URL, else the web client the request came from (its
 * Origin when it is on the same host as the request, as the development client on :8080 is),
 * else this server.
 */
function linkBase(request: FastifyRequest, appUrl: string | null): string {
  if (appUrl) return appUrl;
  const self = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (!origin) return self;
  try {
    return new URL(origin).hostname === request.hostname ? new URL(origin).origin : self;
  } catch {
    return self;
  }
}

/**
 * The link of a recovery mail. A space other than the default one is named in the query, so the
 * page opened from the mail, in a browser that never logged in there, asks the right space.
 */
function linkTo(request: FastifyRequest, appUrl: string | null) {
  const space = spaceOf(request);
  const query = space.isDefault === false ? `?tenant=${encodeURIComponent(space.name)}` : '';
  return (token: string) => `${linkBase(request, appUrl)}/recuperar_senha/${token}${query}`;
}

// Public; the recovery reads the bodies and answers each refusal on its field, in its own words.
const contracts = {
  request: {
    tags: ['auth'], summary: 'Pedir recuperação de senha', security: [],
    body: { type: 'object', properties: { email: { description: 'Texto, obrigatório: o e-mail da conta.' } } },
    response: { 200: messageAnswer('OK: a mesma resposta, haja ou não conta com o e-mail') },
    errors: ['422', '429'],
  },
  token: {
    tags: ['auth'], summary: 'Validar token de recuperação', security: [],
    params: pathOf({ token: 'O token do link enviado por e-mail' }),
    response: { 200: dataAnswer('OK', { type: 'object', properties: { email: text }, required: ['email'] }) },
    errors: ['404'],
  },
  reset: {
    tags: ['auth'], summary: 'Definir nova senha', security: [],
    body: { type: 'object', properties: { token: { description: 'Texto, obrigatório.' }, password: { description: 'Texto, obrigatório: a nova senha.' }, password_confirmation: { description: 'Texto, obrigatório: a mesma senha.' } } },
    response: { 200: messageAnswer('OK') },
    errors: ['422'],
  },
} as const;

/** Password recovery: ask for a link by e-mail, open it, set the new password. All public. */
export async function recoveryRoutes(app: FastifyInstance, options: { mail: MailSettings }) {
  // A warning: with no SMTP server the mail reaches no one until someone opens the file.
  const mailer = createMailer(options.mail, (line) => app.log.warn(line));
  const isPublic = { config: { public: true } };
  const routes = app.withTypeProvider<ContractTypes>();

  routes.post('/api/password/email', { ...isPublic, schema: contracts.request }, async (request) => {
    const body = objectBody(request.body);
    const work = requestPasswordReset(spaceOf(request).db, mailer, body.email, linkTo(request, options.mail.appUrl));
    // Not awaited: the answer must not reveal, by its timing, whether the address has an account.
    work.done.catch((error: unknown) => request.log.error({ err: error }, 'password recovery link not sent'));
    return { message: REQUEST_ANSWER };
  });

  routes.get('/api/password/reset/:token', { ...isPublic, schema: contracts.token }, async (request) => ({
    data: await findPasswordReset(spaceOf(request).db, request.params.token),
  }));

  routes.post('/api/password/reset', { ...isPublic, schema: contracts.reset }, async (request) => {
    await resetPassword(spaceOf(request).db, objectBody(request.body));
    return { message: 'Senha alterada com sucesso. Entre com a nova senha.' };
  });
}
