/**
 * Certificates across spaces (PGlite spaces, as main.ts serves them): another space's administrator
 * can neither issue nor revoke nor download a certificate of this space (404, nothing changed); the
 * public verification finds the certificate from its code alone, whatever space the request names,
 * and a code no space issued is 404.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config.js';
import { ROOT } from '../api/support/server.js';
import { platformApp, startTwoSpaces, type TwoSpaces } from '../platform/support/platform.js';
import { certifiedRegistration } from './support.js';

/** The processes' clock, a few seconds into a minute: the count is per minute, and the whole burst falls within one. */
let now = Date.parse('2026-11-30T13:00:05Z');
const clock = { now: () => now };

describe('certificates in two spaces', () => {
  let spaces: TwoSpaces;
  beforeAll(async () => {
    spaces = await startTwoSpaces('pgsql', 'certidoes', { clock });
  }, 300_000);
  afterAll(() => spaces?.close(), 60_000);

  it("keeps a space's certificates to it, and verifies them publicly from the code alone", async () => {
    const { a, b } = spaces.names;
    const post = async (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
      const answer = await spaces.as(a, method, path, body);
      expect(answer.status, `${path}: ${answer.text}`).toBe(method === 'POST' ? 201 : 200);
      return answer.body.data;
    };
    const option = async (module: string, label: string, combo?: string) => {
      const answer = await spaces.as(a, 'GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
      return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
    };
    const { registration, templates } = await certifiedRegistration(post, option);
    const issued = await post(`/api/inscricao/${registration.id}/certidoes`, { template_id: templates.regularity });

    expect((await spaces.as(b, 'POST', `/api/inscricao/${registration.id}/certidoes`, { template_id: templates.regularity })).status).toBe(404);
    expect((await spaces.as(b, 'POST', `/api/certidoes/${issued.id}/revogar`, { reason: 'Revogada por outro espaço' })).status).toBe(404);
    expect((await spaces.as(b, 'GET', `/api/certidoes/${issued.id}/pdf`)).status).toBe(404);
    expect((await spaces.as(b, 'GET', `/api/inscricao/${registration.id}/certidoes`)).status).toBe(404);
    // A's token names a's space: sent to b, it is no one there.
    expect((await spaces.as(b, 'POST', `/api/certidoes/${issued.id}/revogar`, { reason: 'x' }, spaces.tokens[a])).status).toBe(401);
    const kept = await spaces.as(a, 'GET', `/api/inscricao/${registration.id}/certidoes`);
    expect(kept.body.data).toEqual([expect.objectContaining({ id: issued.id, status: 'valida', revoke_reason: null })]);

    const verify = (code: string, tenant?: string) => spaces.api.send('GET', `/api/verificar/${code}`, { tenant });
    expect((await verify(issued.code)).body.data).toMatchObject({ code: issued.code, holder_name: 'Maria da Silva Souza', status_label: 'Válida' });
    expect((await verify(issued.code, b)).body.data.status_label).toBe('Válida');
    const page = await spaces.api.send('GET', `/verificar/${issued.code}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Válida');
    expect(await verify('AAAAA-BBBBB-CCCCC-DDDDD')).toMatchObject({ status: 404, body: { message: 'Certidão não encontrada.' } });
    const owner = await spaces.api.directory.platform.selectFrom('certificate_codes' as never).selectAll().execute();
    expect(owner).toEqual([expect.objectContaining({ code: issued.code.replace(/-/g, ''), space_name: a })]);

    expect((await spaces.as(a, 'POST', `/api/certidoes/${issued.id}/revogar`, { reason: 'Inscrição suspensa.' })).status).toBe(200);
    expect((await verify(issued.code)).body.data.status_label).toBe('Revogada');
  });

  it('counts the verifications of an address across the processes sharing the platform, and after a restart', async () => {
    const limit = loadConfig({}, ROOT).verifyRateLimit;
    const other = await platformApp(spaces.api.directory, spaces.api.dataDir, clock);
    const restarted: FastifyInstance[] = [];
    try {
      const verify = (app: FastifyInstance, address: string) => app.inject({ method: 'GET', url: '/api/verificar/AAAAA-BBBBB-CCCCC-DDDDD', remoteAddress: address });
      const answers = [];
      for (let i = 0; i < limit; i++) answers.push((await verify(i % 2 ? other : spaces.api.app, '203.0.113.7')).statusCode);
      expect(answers.every((status) => status === 404)).toBe(true);
      const refused = await verify(other, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect((await verify(spaces.api.app, '203.0.113.7')).statusCode).toBe(429);
      // The page counts against the same budget as its JSON.
      expect((await spaces.api.app.inject({ url: '/verificar/AAAAA-BBBBB-CCCCC-DDDDD', remoteAddress: '203.0.113.7' })).statusCode).toBe(429);
      expect((await verify(other, '198.51.100.9')).statusCode).toBe(404);
      restarted.push(await platformApp(spaces.api.directory, spaces.api.dataDir, clock));
      expect((await verify(restarted[0], '203.0.113.7')).statusCode).toBe(429);
      // The next minute counts afresh.
      now += 60_000;
      expect((await verify(other, '203.0.113.7')).statusCode).toBe(404);
    } finally {
      await other.close();
      for (const app of restarted) await app.close();
    }
  });
});
