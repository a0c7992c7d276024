/**
 * The public verification of a certificate, with no login: `GET /verificar/{code}` (a page) and
 * `GET /api/verificar/{code}` (JSON). The code alone names the space (the platform's
 * `certificate_codes`), and only the certificate's statement is read there. A text that cannot be a
 * code is not looked up. Both share one limit per address (VERIFY_RATE_LIMIT a minute for the two
 * together, counted by the platform for all processes: verification-limit.ts) → 429.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataAnswer, date, nullableText, pathOf, text } from '../../../shared/contracts/parts.js';
import type { RouteContract } from '../../core/http/route-contracts.js';
import { spaceOf } from '../../core/http/space.js';
import { CERTIFICATE_NOT_FOUND, publicStatement, type PublicStatement } from './certificates.js';
import { readCode } from './code.js';
import { messagePage, statementPage } from './page.js';
import { databaseRateStore } from './verification-limit.js';

export const TOO_MANY = 'Muitas verificações a partir deste endereço. Tente novamente em alguns minutos.';

const certificateStatus = { type: 'string', enum: ['valida', 'expirada', 'revogada'] } as const;
const certificateKind = { type: 'string', enum: ['regularidade', 'carteira'] } as const;
const verification = {
  tags: ['certidoes'],
  summary: 'Verificação pública de uma certidão, sem login, limitada por endereço: o que ela declara e se ainda vale (o código indica o espaço)',
  security: [],
  params: pathOf({ code: 'O código da certidão (20 caracteres, com ou sem hífens).' }),
  response: {
    200: dataAnswer('A certidão', {
      type: 'object',
      properties: {
        code: text, kind: certificateKind, kind_label: text, title: text, holder_name: text, holder_tax_id: { ...nullableText, description: 'Mascarado: ***.456.789-**' },
        registration_number: nullableText, issued_on: date, valid_until: date, status: certificateStatus, status_label: text,
      },
      required: ['code', 'kind', 'kind_label', 'title', 'holder_name', 'holder_tax_id', 'registration_number', 'issued_on', 'valid_until', 'status', 'status_label'],
    }),
    404: { description: 'Nenhuma certidão tem este código', type: 'object', properties: { message: text }, required: ['message'] },
  },
  errors: ['429'],
} as const satisfies RouteContract;

export async function verificationRoutes(app: FastifyInstance, options: { perMinute: number }) {
  // Served with spaces (as main.ts serves it), the counts are the platform's, shared by every process.
  await app.register(rateLimit, { global: false, ...(app.hasDecorator('spaces') ? { store: databaseRateStore(app.spaces.platform, () => app.clock.now()) as never } : {}) });
  // One limiter for the page and its JSON: an address has one budget for both, not one each.
  const budget = app.rateLimit({ max: options.perMinute, timeWindow: 60_000 });

  /** The statement of the certificate with this code, in whichever space issued it; null when none. */
  const find = async (request: FastifyRequest, raw: string): Promise<PublicStatement | null> => {
    const code = readCode(raw);
    if (!code) return null;
    if (!app.hasDecorator('spaces')) return publicStatement(spaceOf(request).db, code);
    const owner = await app.spaces.platform.selectFrom('certificate_codes' as never).select('space_name' as never).where('code' as never, '=', code as never).executeTakeFirst() as { space_name: string } | undefined;
    if (!owner) return null;
    const space = await app.spaces.acquire(owner.space_name).catch(() => null);
    if (!space) return null;
    try {
      return await publicStatement(space.db, code);
    } finally {
      space.release();
    }
  };
  const codeOf = (request: FastifyRequest) => String((request.params as { code?: unknown }).code ?? '');

  app.get('/api/verificar/:code', { schema: verification, config: { public: true }, onRequest: budget }, async (request, reply) => {
    const statement = await find(request, codeOf(request));
    if (!statement) return reply.status(404).send({ message: CERTIFICATE_NOT_FOUND });
    return { data: statement };
  });

  app.get('/verificar/:code', {
    config: { public: true },
    onRequest: budget,
    errorHandler: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const tooMany = error.statusCode === 429;
      if (!tooMany) reply.log.error({ err: error }, 'falha na verificação de certidão');
      return reply.status(tooMany ? 429 : 500).type('text/html; charset=utf-8')
        .send(messagePage(tooMany ? 'Muitas verificações' : 'Erro', tooMany ? TOO_MANY : 'Não foi possível verificar a certidão agora; tente novamente.'));
    },
  }, async (request, reply) => {
    const statement = await find(request, codeOf(request));
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!statement) return reply.status(404).send(messagePage(CERTIFICATE_NOT_FOUND, 'Nenhuma certidão tem este código. Confira o código impresso na certidão.'));
    return reply.send(statementPage(statement));
  });
}
