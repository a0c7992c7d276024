/**
 * A registration's certificates (docs/CERTIFICATES.md), behind the registration's permissions:
 * - `GET /api/inscricao/{id}/certidoes` (registration.show): its certificates, newest first;
 * - `POST /api/inscricao/{id}/certidoes` `{template_id}` (registration.update): issues one, 201;
 * - `GET /api/certidoes/{id}` (registration.show) and `GET /api/certidoes/{id}/pdf`: the PDF as issued;
 * - `POST /api/certidoes/{id}/revogar` `{reason}` (registration.update): revokes it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { notFound } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { dataAnswer, dataMessageAnswer, date, idParams, integer, moment, nullableText, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { REGISTRATION_NOT_FOUND } from '../registrations/routes.js';
import { CERTIFICATE_NOT_FOUND, certificate, certificatePdf, certificatesOf, revokeCertificate } from './certificates.js';
import { issueCertificate, type CodeRegistry } from './issue.js';
import { spaceTables } from '../../core/db/dynamic.js';

export const ISSUED = 'Certidão emitida.';
export const REVOKED = 'Certidão revogada.';

/** The platform's record of which space holds a code; none on a server of one space. */
function codeRegistry(request: FastifyRequest): CodeRegistry | null {
  const platform = (request as { platform?: Kysely<PlatformDatabase> }).platform;
  if (!platform) return null;
  const space = spaceOf(request).name;
  return {
    reserve: async (code) => {
      const row = await platform.insertInto('certificate_codes').values({ code, space_name: space }).onConflict((c) => c.column('code').doNothing()).returning('code').executeTakeFirst();
      return Boolean(row);
    },
    release: async (code) => {
      await platform.deleteFrom('certificate_codes').where('code', '=', code).execute();
    },
  };
}

const certificateStatus = { type: 'string', enum: ['valida', 'expirada', 'revogada'] } as const;
const certificateKind = { type: 'string', enum: ['regularidade', 'carteira'] } as const;
const nullableDate = { ...date, type: ['string', 'null'] } as const;
const certificateSchema = {
  type: 'object',
  properties: {
    id: integer, code: text, kind: certificateKind, kind_label: text, title: text, issued_on: nullableDate, valid_until: nullableDate, issued_at: moment, issued_by: nullableText,
    revoked_at: { type: ['string', 'null'], format: 'date-time' }, revoked_by: nullableText, revoke_reason: nullableText, status: certificateStatus, status_label: text,
  },
  required: ['id', 'code', 'kind', 'kind_label', 'title', 'issued_on', 'valid_until', 'issued_at', 'issued_by', 'revoked_at', 'revoked_by', 'revoke_reason', 'status', 'status_label'],
} as const;
const tags = ['certidoes'];
// Issuing and revoking read the body and answer each refusal on its field, in their own words.
const contracts = {
  list: {
    tags, summary: 'As certidões da inscrição, das mais recentes (permissão `registration.show`)',
    params: idParams,
    response: { 200: dataAnswer('As certidões', { type: 'array', items: certificateSchema }) },
    errors: ['401', '403', '404'],
  },
  issue: {
    tags, summary: 'Emite uma certidão da inscrição com um modelo; a de regularidade só para inscrição regular (permissão `registration.update`)',
    params: idParams,
    body: { type: 'object', properties: { template_id: { description: 'Inteiro, obrigatório: o modelo de certidão.' } } },
    response: { 201: dataMessageAnswer('A certidão', certificateSchema) },
    errors: ['400', '401', '403', '404', '422'],
  },
  show: {
    tags, summary: 'Uma certidão (permissão `registration.show`)',
    params: idParams,
    response: { 200: dataAnswer('A certidão', certificateSchema) },
    errors: ['401', '403', '404'],
  },
  pdf: {
    tags, summary: 'O PDF da certidão como foi emitido (permissão `registration.show`)',
    params: idParams,
    response: { 200: { description: 'O PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
    errors: ['401', '403', '404'],
  },
  revoke: {
    tags, summary: 'Revoga a certidão com um motivo (permissão `registration.update`)',
    params: idParams,
    body: { type: 'object', properties: { reason: { description: 'Texto, obrigatório: o motivo.' } } },
    response: { 200: dataMessageAnswer('A certidão', certificateSchema) },
    errors: ['400', '401', '403', '404', '409', '422'],
  },
} as const;

export async function certificateRoutes(app: FastifyInstance, options: { model: Model; publicBaseUrl: string }) {
  const allow = operationAccess(options.model, app.resources);
  const registrations = options.model.byModule.get('inscricao')!;
  /** A certificate of this space, the caller holding the registration's permission for what they ask. */
  const certificateDb = async (request: FastifyRequest, action: 'show' | 'update', raw: string) => {
    const id = parseId(raw, CERTIFICATE_NOT_FOUND);
    const access = allow(request, registrations, action === 'show' ? 'show' : 'update', action);
    const db = spaceTables(access.db);
    const found = await db.selectFrom('certificates').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(CERTIFICATE_NOT_FOUND);
    return { id, db, files: access.context.files };
  };

  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/inscricao/:id/certidoes', { schema: contracts.list }, async (request) => {
    const id = parseId(request.params.id, REGISTRATION_NOT_FOUND);
    const db = spaceTables(allow(request, registrations, 'show', 'show').db);
    const found = await db.selectFrom('registrations').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(REGISTRATION_NOT_FOUND);
    return { data: await certificatesOf(db, id) };
  });

  routes.post('/api/inscricao/:id/certidoes', { schema: contracts.issue }, async (request, reply) => {
    const id = parseId(request.params.id, REGISTRATION_NOT_FOUND);
    const access = allow(request, registrations, 'update', 'update');
    const body = objectBody(request.body);
    const db = spaceTables(access.db);
    const files = access.context.files;
    if (!files) throw new Error('No storage keeps the certificates\' files.');
    const certificateId = await issueCertificate({ db, model: options.model, files, codes: codeRegistry(request), userId: sessionOf(request).user.id, publicBaseUrl: options.publicBaseUrl }, id, body);
    return reply.status(201).send({ data: await certificate(db, certificateId), message: ISSUED });
  });

  routes.get('/api/certidoes/:id', { schema: contracts.show }, async (request) => {
    const { id, db } = await certificateDb(request, 'show', request.params.id);
    return { data: await certificate(db, id) };
  });

  // Its answer is the PDF's bytes: typed by hand, not by the contract.
  app.get<{ Params: { id: string } }>('/api/certidoes/:id/pdf', { schema: contracts.pdf }, async (request, reply) => {
    const { id, db, files } = await certificateDb(request, 'show', request.params.id);
    if (!files) throw notFound(CERTIFICATE_NOT_FOUND);
    const { bytes, name } = await certificatePdf(db, files, id);
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).send(bytes);
  });

  routes.post('/api/certidoes/:id/revogar', { schema: contracts.revoke }, async (request) => {
    const { id, db } = await certificateDb(request, 'update', request.params.id);
    return { data: await revokeCertificate(db, id, objectBody(request.body), sessionOf(request).user.id), message: REVOKED };
  });
}
