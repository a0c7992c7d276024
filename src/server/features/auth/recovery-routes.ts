import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectBody } from '../../core/http/body.js';
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

/** Password recovery: ask for a link by e-mail, open it, set the new password. All public. */
export async function recoveryRoutes(app: FastifyInstance, options: { mail: MailSettings }) {
  // A warning: with no SMTP server the mail reaches no one until someone opens the file.
  const mailer = createMailer(options.mail, (line) => app.log.warn(line));
  const isPublic = { config: { public: true } };

  app.post('/api/password/email', isPublic, async (request) => {
    const body = objectBody(request.body);
    const work = requestPasswordReset(spaceOf(request).db, mailer, body.email, linkTo(request, options.mail.appUrl));
    // Not awaited: the answer must not reveal, by its timing, whether the address has an account.
    work.done.catch((error: unknown) => request.log.error({ err: error }, 'password recovery link not sent'));
    return { message: REQUEST_ANSWER };
  });

  app.get<{ Params: { token: string } }>('/api/password/reset/:token', isPublic, async (request) => ({
    data: await findPasswordReset(spaceOf(request).db, request.params.token),
  }));

  app.post('/api/password/reset', isPublic, async (request) => {
    await resetPassword(spaceOf(request).db, objectBody(request.body));
    return { message: 'Senha alterada com sucesso. Entre com a nova senha.' };
  });
}
