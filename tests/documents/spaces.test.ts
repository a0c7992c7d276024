/**
 * A document lives in the database of its space: another space's people, at the same address, get
 * 404 'Documento não encontrado.' for its download, its history and its archiving, and its file is
 * never read from the other space's folder. Spaces on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../files/support.js';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type PlatformApi, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';

describe.each<SpaceKind>(FEATURE_SPACE_KINDS)('documents in two spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;
  let api: PlatformApi;
  let tokens: Record<string, string> = {};
  const names = { a: `documentos-a-${kind}`, b: `documentos-b-${kind}` };
  const as = (space: string, method: 'GET' | 'POST', url: string, payload?: unknown) => api.send(method, url, { token: tokens[space], tenant: space, payload });
  const upload = async (space: string) => {
    const body = multipart('oficio.pdf', PDF);
    const response = await api.app.inject({ method: 'POST', url: '/api/documento/files/document', headers: { ...body.headers, authorization: `Bearer ${tokens[space]}`, tenant: space }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };

  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'documentos');
    ({ api, tokens } = spaces);
  }, 240_000);

  afterAll(() => spaces?.close(), 60_000);

  it('answers another space\'s document ids with 404, and keeps each space\'s own', async () => {
    const type = await as(names.a, 'POST', '/api/tipo_documento', { denomination: 'Ofício', accepted_extensions: ['pdf'], metadata: [{ name: 'Número', type: 'integer', required: false }] });
    expect(type.status, type.text).toBe(201);
    const created = await as(names.a, 'POST', '/api/documento', { document_type_id: type.body.data.id, name: 'Ofício de A', date: '2026-11-24', document: await upload(names.a), metadata: [] });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const mine = await api.app.inject({ method: 'GET', url: `/api/documento/${id}/download`, headers: { authorization: `Bearer ${tokens[names.a]}`, tenant: names.a } });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);

    const theirs = await api.app.inject({ method: 'GET', url: `/api/documento/${id}/download`, headers: { authorization: `Bearer ${tokens[names.b]}`, tenant: names.b } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Documento não encontrado.');
    for (const path of [`/api/documento/${id}/history`, `/api/documento/${id}/archive`]) {
      const answer = await as(names.b, path.endsWith('archive') ? 'POST' : 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.message, path).toBe('Documento não encontrado.');
    }
    expect((await as(names.b, 'GET', `/api/documento/${id}`)).status).toBe(404);
    // A's token opens nothing in B.
    const crossed = await api.app.inject({ method: 'GET', url: `/api/documento/${id}/download`, headers: { authorization: `Bearer ${tokens[names.a]}`, tenant: names.b } });
    expect(crossed.statusCode).toBe(401);
    expect((await as(names.a, 'GET', `/api/documento/${id}`)).body.data.filed).toBe(false);
  });
});
