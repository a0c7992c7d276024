/**
 * A registration's certificates (docs/CERTIFICATES.md), behind the registration's permissions:
 * - `GET /api/inscricao/{id}/certidoes` (registration.show): its certificates, newest first;
 * - `POST /api/inscricao/{id}/certidoes` `{template_id}` (registration.update): issues one, 201;
 * - `GET /api/certidoes/{id}` (registration.show) and `GET /api/certidoes/{id}/pdf`: the PDF as issued;
 * - `POST /api/certidoes/{id}/revogar` `{reason}` (registration.update): revokes it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PlatformDatabase, SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { notFound } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { operationAccess } from '../../core/resources/access.js';
import { parseId } from '../../core/resources/read.js';
import { REGISTRATION_NOT_FOUND } from '../registrations/routes.js';
import { CERTIFICATE_NOT_FOUND, certificate, certificatePdf, certificatesOf, revokeCertificate } from './certificates.js';
import { issueCertificate, type CodeRegistry } from './issue.js';

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

export async function certificateRoutes(app: FastifyInstance, options: { model: Model; publicBaseUrl: string }) {
  const allow = operationAccess(options.model, app.resources);
  const registrations = options.model.byModule.get('inscricao')!;
  /** A certificate of this space, the caller holding the registration's permission for what they ask. */
  const certificateDb = async (request: FastifyRequest, action: 'show' | 'update', raw: string) => {
    const id = parseId(raw, CERTIFICATE_NOT_FOUND);
    const access = allow(request, registrations, action === 'show' ? 'show' : 'update', action);
    const db: Kysely<SpaceDatabase> = access.db;
    const found = await db.selectFrom('certificates').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(CERTIFICATE_NOT_FOUND);
    return { id, db, files: access.context.files };
  };

  app.get<{ Params: { id: string } }>('/api/inscricao/:id/certidoes', async (request) => {
    const id = parseId(request.params.id, REGISTRATION_NOT_FOUND);
    const db: Kysely<SpaceDatabase> = allow(request, registrations, 'show', 'show').db;
    const found = await db.selectFrom('registrations').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(REGISTRATION_NOT_FOUND);
    return { data: await certificatesOf(db, id) };
  });

  app.post<{ Params: { id: string } }>('/api/inscricao/:id/certidoes', async (request, reply) => {
    const id = parseId(request.params.id, REGISTRATION_NOT_FOUND);
    const access = allow(request, registrations, 'update', 'update');
    const body = objectBody(request.body);
    const db: Kysely<SpaceDatabase> = access.db;
    const files = access.context.files;
    if (!files) throw new Error('No storage keeps the certificates\' files.');
    const certificateId = await issueCertificate({ db, files, codes: codeRegistry(request), userId: sessionOf(request).user.id, publicBaseUrl: options.publicBaseUrl }, id, body);
    return reply.status(201).send({ data: await certificate(db, certificateId), message: ISSUED });
  });

  app.get<{ Params: { id: string } }>('/api/certidoes/:id', async (request) => {
    const { id, db } = await certificateDb(request, 'show', request.params.id);
    return { data: await certificate(db, id) };
  });

  app.get<{ Params: { id: string } }>('/api/certidoes/:id/pdf', async (request, reply) => {
    const { id, db, files } = await certificateDb(request, 'show', request.params.id);
    if (!files) throw notFound(CERTIFICATE_NOT_FOUND);
    const { bytes, name } = await certificatePdf(db, files, id);
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).send(bytes);
  });

  app.post<{ Params: { id: string } }>('/api/certidoes/:id/revogar', async (request) => {
    const { id, db } = await certificateDb(request, 'update', request.params.id);
    return { data: await revokeCertificate(db, id, objectBody(request.body), sessionOf(request).user.id), message: REVOKED };
  });
}
