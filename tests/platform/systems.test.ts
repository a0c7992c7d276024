/** Systems (sistemas): the server-made token is shown once, never listed or read again, and stored as a digest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSystemToken } from '../../src/server/features/platform/system-token.js';
import { startPlatformApi, type PlatformApi } from './support/platform.js';

describe('system tokens', () => {
  let api: PlatformApi;
  beforeAll(async () => { api = await startPlatformApi(); }, 120_000);
  afterAll(async () => { await api?.close(); }, 60_000);

  it('returns the token once on create, never again, and keeps only its hash', async () => {
    const created = await api.operator('POST', '/api/sistemas', { name: 'Sistema Norte', prefix: 'NOR', url: 'norte.conselho.org.br', description: 'Conselho Norte' });
    expect(created.status, created.text).toBe(201);
    const token = created.body.data.system_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const id = created.body.data.id;

    const shown = await api.operator('GET', `/api/sistemas/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ name: 'Sistema Norte', prefix: 'NOR' });
    expect(shown.body.data).not.toHaveProperty('system_token');
    const listed = await api.operator('GET', '/api/sistemas');
    expect(listed.body.data.map((row: { id: number }) => row.id)).toContain(id);
    const combos = await api.operator('GET', '/api/sistemas/combos');
    const updated = await api.operator('PUT', `/api/sistemas/${id}`, { name: 'Sistema Norte', prefix: 'NOR', url: 'norte.conselho.org.br', description: 'Outro' });
    expect(updated.status, updated.text).toBe(200);
    for (const answer of [shown, listed, combos, updated]) {
      expect(answer.text).not.toContain(token);
      expect(answer.text).not.toContain('system_token');
    }

    const stored = await api.directory.platform.selectFrom('systems').select('system_token').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.system_token).not.toBe(token);
    expect(stored.system_token).toBe(hashSystemToken(token));
    expect(stored.system_token).toMatch(/^[0-9a-f]{64}$/);
    const audits = await (await api.directory.resolve(undefined)).db.selectFrom('audits').select(['old_values', 'new_values']).where('module', '=', 'sistemas').execute();
    expect(JSON.stringify(audits)).not.toContain(token);
  });
});
