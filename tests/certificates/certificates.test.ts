/**
 * Certificates through the API, on both databases: issued from a template for a regular registration
 * (its PDF with the QR code leading to the verification page), each with a code of its own; refused
 * for a registration that is not regular; revoked with a reason; expired by date; every issue and
 * revocation audited; the registration's permissions enforced; the public verification answering
 * only what the certificate states, 404 for any text that is not a known code, 429 past its limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_REVOKED, REASON_REQUIRED } from '../../src/server/features/certificates/certificates.js';
import { addDays } from '../../src/server/features/certificates/dates.js';
import { notRegular, TEMPLATE_NOT_FOUND, TEMPLATE_REQUIRED } from '../../src/server/features/certificates/issue.js';
import { TOO_MANY } from '../../src/server/features/certificates/public-routes.js';
import { today } from '../../src/server/features/registrations/calendar.js';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { qrOfPdf } from './qr.js';
import { certifiedRegistration, type CertifiedRegistration } from './support.js';

const BASE = 'https://conselho.example.org';
/** A JSON column as the driver hands it: parsed by pg, text from PGlite. */
const jsonOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const RATE = 40;

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`certificates [${kind}]`, () => {
    let server: TestServer;
    let subject: CertifiedRegistration;
    const admin = () => call(server, server.adminToken);
    const created = async (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
      const answer = await admin()(method, path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(method === 'POST' ? 201 : 200);
      return answer.body.data as Record<string, any> & { id: number };
    };
    const option = async (module: string, label: string, combo?: string) => {
      const answer = await admin()('GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
      return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
    };
    let visitor = 0;
    /** The public page or its JSON, with no token, from an address of its own unless one is given. */
    const verify = async (code: string, options: { json?: boolean; from?: string } = {}) => {
      visitor += 1;
      const response = await server.app.inject({ method: 'GET', url: `${options.json === false ? '' : '/api'}/verificar/${code}`, remoteAddress: options.from ?? `10.1.${Math.floor(visitor / 250)}.${visitor % 250}` });
      return { status: response.statusCode, body: options.json === false ? response.body : response.json(), type: String(response.headers['content-type']) };
    };
    const issue = (templateId: unknown, registrationId = subject.registration.id, token = server.adminToken) =>
      call(server, token)('POST', `/api/inscricao/${registrationId}/certidoes`, { template_id: templateId });
    const plainCode = (code: string) => code.replace(/-/g, '');
    const moveTo = async (situation: number) => {
      const { data } = (await admin()('GET', `/api/inscricao/${subject.registration.id}`)).body;
      const { id: _id, created_at: _c, updated_at: _u, registration_expiration_date: _e, sequence_auto: _s, ...form } = data;
      await created(`/api/inscricao/${subject.registration.id}`, { ...form, situation_id: situation }, 'PUT');
    };

    beforeAll(async () => {
      server = await startTestServer(kind, { env: { PUBLIC_BASE_URL: `${BASE}/`, VERIFY_RATE_LIMIT: String(RATE) } });
      await seedReferenceData(server.db);
      subject = await certifiedRegistration(created, option);
    }, 180_000);
    afterAll(async () => server?.close());

    it('issues a certificate of regularity: its statement, dates, code, audit row and a PDF whose QR code leads to the verification', async () => {
      const answer = await issue(subject.templates.regularity);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const issued = answer.body.data;
      expect(answer.body.message).toBe('Certidão emitida.');
      expect(issued).toMatchObject({ kind: 'regularidade', title: 'Certidão de Regularidade', issued_on: today(), valid_until: addDays(today(), 30), status: 'valida', status_label: 'Válida', issued_by: expect.any(String) });
      expect(issued.code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/);

      const stored = await server.db.selectFrom('certificates').selectAll().where('id', '=', issued.id).executeTakeFirstOrThrow();
      expect(stored.body).toContain('Certificamos que Maria da Silva Souza, CPF 529.982.247-25, inscrição nº');
      expect(stored.body).toContain(`${subject.registration.formatted_number} na categoria Engenheiro civil`);
      const audit = await server.db.selectFrom('audits').selectAll().where('event', '=', 'certificate_issued').where('record_id', '=', subject.registration.id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ module: 'inscricao', user_id: expect.anything() });
      expect(jsonOf(audit[0].new_values)).toMatchObject({ certificate_id: issued.id, code: plainCode(issued.code), kind: 'regularidade' });

      const pdf = await server.app.inject({ method: 'GET', url: `/api/certidoes/${issued.id}/pdf`, headers: { authorization: `Bearer ${server.adminToken}` } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await qrOfPdf(pdf.rawPayload)).toBe(`${BASE}/verificar/${issued.code}`);

      const listed = (await admin()('GET', `/api/inscricao/${subject.registration.id}/certidoes`)).body.data;
      expect(listed.map((c: { id: number }) => c.id)).toContain(issued.id);
    });

    it('gives every certificate a code of its own, which the database refuses to repeat', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 12; i += 1) {
        const answer = await issue(subject.templates.card);
        expect(answer.status).toBe(201);
        codes.add(answer.body.data.code);
      }
      expect(codes.size).toBe(12);
      const [first] = await server.db.selectFrom('certificates').selectAll().limit(1).execute();
      const { id: _id, ...copy } = first;
      await expect(server.db.insertInto('certificates').values(copy).execute()).rejects.toThrow(/certificates_code|duplicate|unique/i);
    });

    it('refuses a template that is missing, unknown or inactive, on the field', async () => {
      expect((await issue(undefined)).body.errors).toEqual({ template_id: [TEMPLATE_REQUIRED] });
      const unknown = await issue(999_999);
      expect([unknown.status, unknown.body.errors]).toEqual([422, { template_id: [TEMPLATE_NOT_FOUND] }]);
      expect((await issue("1' or '1'='1")).body.errors).toEqual({ template_id: [TEMPLATE_NOT_FOUND] });
      expect((await call(server, server.adminToken)('POST', '/api/inscricao/999999/certidoes', { template_id: subject.templates.card })).status).toBe(404);
    });

    it('refuses a certificate of regularity for a registration that is not regular, and still issues its card', async () => {
      const before = Number((await server.db.selectFrom('certificates').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      await moveTo(subject.setUp.situations.suspended);
      try {
        const refused = await issue(subject.templates.regularity);
        expect(refused.status).toBe(422);
        const message = notRegular('a situação da inscrição ("Suspensa") não é ativa');
        expect(refused.body).toMatchObject({ message, errors: { template_id: [message] } });
        expect((await issue(subject.templates.card)).status).toBe(201);
        const after = Number((await server.db.selectFrom('certificates').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
        expect(after).toBe(before + 1);
      } finally {
        await moveTo(subject.setUp.situations.active);
      }
    });

    it('shows anyone, without login, what the certificate states and that it is valid; masked CPF and nothing else', async () => {
      const issued = (await issue(subject.templates.regularity)).body.data;
      const answer = await verify(issued.code);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        code: issued.code, kind: 'regularidade', kind_label: 'Certidão de regularidade', title: 'Certidão de Regularidade',
        holder_name: 'Maria da Silva Souza', holder_tax_id: '***.982.247-**', registration_number: subject.registration.formatted_number,
        issued_on: today(), valid_until: addDays(today(), 30), status: 'valida', status_label: 'Válida',
      });
      expect((await verify(plainCode(issued.code).toLowerCase())).body.data.status).toBe('valida');
      const page = await verify(issued.code, { json: false });
      expect(page.status).toBe(200);
      expect(page.type).toContain('text/html');
      expect(page.body).toContain('Válida');
      expect(page.body).toContain('***.982.247-**');
      expect(page.body).not.toContain('529.982.247-25');
    });

    it('answers hostile bodies with a 4xx in pt-BR on the field, and stores nothing', async () => {
      const registration = subject.registration.id;
      const before = await server.db.selectFrom('certificates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const raw = async (url: string, payload: string) => {
        const response = await server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' }, payload });
        return { status: response.statusCode, body: response.json() };
      };
      for (const payload of ['"texto"', '42', 'null', '[]', '[{"template_id": 1}]']) {
        expect(await raw(`/api/inscricao/${registration}/certidoes`, payload), payload).toMatchObject({ status: 422, body: { errors: { _: ['O corpo da requisição deve ser um objeto.'] } } });
      }
      const card = subject.templates.card;
      for (const templateId of [[card], true, { id: card }, 'x'.repeat(1_000_000), -1, 1.5, `${card}abc`]) {
        const answer = await issue(templateId);
        expect([answer.status, answer.body.errors], JSON.stringify(templateId).slice(0, 40)).toEqual([422, { template_id: [TEMPLATE_NOT_FOUND] }]);
      }
      const issued = (await issue(card)).body.data;
      for (const payload of ['"texto"', 'null', '[]']) {
        expect((await raw(`/api/certidoes/${issued.id}/revogar`, payload)).status, payload).toBe(422);
      }
      for (const reason of [123, ['motivo'], { text: 'motivo' }, null]) {
        const answer = await call(server, server.adminToken)('POST', `/api/certidoes/${issued.id}/revogar`, { reason });
        expect([answer.status, answer.body.errors], JSON.stringify(reason)).toEqual([422, { reason: [REASON_REQUIRED] }]);
      }
      const long = await call(server, server.adminToken)('POST', `/api/certidoes/${issued.id}/revogar`, { reason: 'x'.repeat(1_000_000) });
      expect([long.status, Object.keys(long.body.errors)]).toEqual([422, ['reason']]);
      const after = await server.db.selectFrom('certificates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) + 1);
      expect((await call(server, server.adminToken)('GET', `/api/certidoes/${issued.id}`)).body.data.status).toBe('valida');
    });

    it('revokes with a reason, once, audited; the verification then says Revogada', async () => {
      const issued = (await issue(subject.templates.regularity)).body.data;
      const revoke = (body: unknown, token = server.adminToken) => call(server, token)('POST', `/api/certidoes/${issued.id}/revogar`, body);
      expect((await revoke({ reason: '  ' })).body.errors).toEqual({ reason: [REASON_REQUIRED] });
      const revoked = await revoke({ reason: 'Emitida com dados errados.' });
      expect(revoked.status).toBe(200);
      expect(revoked.body.data).toMatchObject({ status: 'revogada', status_label: 'Revogada', revoke_reason: 'Emitida com dados errados.', revoked_by: expect.any(String) });
      expect(await revoke({ reason: 'De novo' })).toMatchObject({ status: 409, body: { message: ALREADY_REVOKED } });
      const audit = await server.db.selectFrom('audits').selectAll().where('event', '=', 'certificate_revoked').execute();
      expect(audit).toHaveLength(1);
      expect(jsonOf(audit[0].new_values)).toMatchObject({ certificate_id: issued.id, reason: 'Emitida com dados errados.' });
      expect((await verify(issued.code)).body.data).toMatchObject({ status: 'revogada', status_label: 'Revogada' });
      expect((await verify(issued.code, { json: false })).body).toContain('Revogada');
      expect((await call(server, server.adminToken)('POST', '/api/certidoes/999999/revogar', { reason: 'x' })).status).toBe(404);
    });

    it('says Expirada once the day after its validity has begun', async () => {
      const issued = (await issue(subject.templates.card)).body.data;
      await server.db.updateTable('certificates').set({ valid_until: addDays(today(), -1) }).where('id', '=', issued.id).execute();
      expect((await verify(issued.code)).body.data).toMatchObject({ status: 'expirada', status_label: 'Expirada' });
      await server.db.updateTable('certificates').set({ valid_until: today() }).where('id', '=', issued.id).execute();
      expect((await verify(issued.code)).body.data.status).toBe('valida');
    });

    it("enforces the registration's permissions: issuing and revoking need its update, reading its show", async () => {
      const issued = (await issue(subject.templates.card)).body.data;
      const reader = await userWith(server, [{ name: 'registration.show' }]);
      const nobody = await userWith(server, []);
      expect((await issue(subject.templates.card, subject.registration.id, reader.token!)).status).toBe(403);
      expect((await call(server, reader.token)('POST', `/api/certidoes/${issued.id}/revogar`, { reason: 'x' })).status).toBe(403);
      expect((await call(server, reader.token)('GET', `/api/inscricao/${subject.registration.id}/certidoes`)).status).toBe(200);
      expect((await call(server, reader.token)('GET', `/api/certidoes/${issued.id}/pdf`)).status).toBe(200);
      expect((await call(server, nobody.token)('GET', `/api/certidoes/${issued.id}/pdf`)).status).toBe(403);
      expect((await call(server, null)('GET', `/api/certidoes/${issued.id}/pdf`)).status).toBe(401);
      expect((await call(server, null)('POST', `/api/inscricao/${subject.registration.id}/certidoes`, { template_id: subject.templates.card })).status).toBe(401);
      expect((await verify(issued.code)).body.data.status).toBe('valida');
    });

    it('answers hostile codes with 404 Certidão não encontrada, never 500', async () => {
      const hostile = ['A'.repeat(5000), 'AAAAA-BBBBB-CCCCC-DDDDD', 'ÁÉÍÓÚ-çãõ-😀', "' OR 1=1 --", "x'; drop table certificates; --", '%00', '..%2F..%2Fetc%2Fpasswd', '%27%20or%20%271%27%3D%271', '1', ''];
      for (const code of hostile) {
        const url = code.includes('%') ? code : encodeURIComponent(code);
        const json = await verify(url);
        expect(json.status, code).toBe(404);
        expect(json.body, code).toEqual({ message: 'Certidão não encontrada.' });
        const page = await verify(url, { json: false });
        expect(page.status, code).toBe(404);
        expect(page.body, code).toContain('Certidão não encontrada');
      }
      // A broken percent-encoding never reaches the route: the router's pt-BR 400, as everywhere.
      expect(await verify('%E0%A4%A')).toMatchObject({ status: 400, body: { message: 'Endereço inválido.' } });
      expect(Number((await server.db.selectFrom('certificates').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    });

    it('limits verifications per address: past the limit, 429 with a pt-BR message, other addresses unaffected', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < RATE; i += 1) statuses.push((await verify('AAAAABBBBBCCCCCDDDDD', { from: '10.9.9.9' })).status);
      expect(new Set(statuses)).toEqual(new Set([404]));
      const refused = await verify('AAAAABBBBBCCCCCDDDDD', { from: '10.9.9.9' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Muitas/);
      expect((await verify('AAAAABBBBBCCCCCDDDDD', { from: '10.9.9.8' })).status).toBe(404);
      const page = await server.app.inject({ method: 'GET', url: '/verificar/AAAAABBBBBCCCCCDDDDD', remoteAddress: '10.9.9.7' });
      expect(page.statusCode).toBe(404);
      for (let i = 0; i < RATE; i += 1) await server.app.inject({ method: 'GET', url: '/verificar/AAAAABBBBBCCCCCDDDDD', remoteAddress: '10.9.9.6' });
      const refusedPage = await server.app.inject({ method: 'GET', url: '/verificar/AAAAABBBBBCCCCCDDDDD', remoteAddress: '10.9.9.6' });
      expect(refusedPage.statusCode).toBe(429);
      expect(refusedPage.body).toContain(TOO_MANY);
    });

    it('counts the page and its JSON against one budget per address, not one each', async () => {
      const from = '10.9.8.7';
      const statuses: number[] = [];
      for (let i = 0; i < RATE; i += 1) statuses.push(i % 2 ? (await verify('AAAAABBBBBCCCCCDDDDD', { from })).status : (await server.app.inject({ method: 'GET', url: '/verificar/AAAAABBBBBCCCCCDDDDD', remoteAddress: from })).statusCode);
      expect(new Set(statuses)).toEqual(new Set([404]));
      expect((await verify('AAAAABBBBBCCCCCDDDDD', { from })).status).toBe(429);
      expect((await server.app.inject({ method: 'GET', url: '/verificar/AAAAABBBBBCCCCCDDDDD', remoteAddress: from })).statusCode).toBe(429);
    });
  });
}
