/**
 * A page lives in the database of the space it was written in: the server records that space
 * (`tenant_config_id`, whatever the body says), and another space's people neither see it in their
 * menu nor open it, even at the same address. Spaces on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SPACE_KINDS, startTwoSpaces, type PlatformApi, type SpaceKind, type TwoSpaces } from '../platform/support/platform.js';

describe.each<SpaceKind>(FEATURE_SPACE_KINDS)('custom pages in two spaces (%s spaces)', (kind) => {
  let spaces: TwoSpaces;
  let api: PlatformApi;
  let tokens: Record<string, string> = {};
  let spaceIds: Record<string, number> = {};
  const names = { a: `paginas-a-${kind}`, b: `paginas-b-${kind}` };
  const as = (space: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = tokens[space]) => api.send(method, url, { token, tenant: space, payload });

  beforeAll(async () => {
    spaces = await startTwoSpaces(kind, 'paginas');
    ({ api, tokens, spaceIds } = spaces);
  }, 240_000);

  afterAll(() => spaces?.close(), 60_000);

  it('records the space a page was written in, and keeps it there', async () => {
    const category = await as(names.a, 'POST', '/api/categoria_pagina_dinamica', { denomination: 'Institucional', uri: 'institucional' });
    expect(category.status, category.text).toBe(201);
    const created = await as(names.a, 'POST', '/api/pagina_dinamica', {
      title: 'Só de A', slug: 'so-de-a', content: '<p>Conteúdo de A.</p>', custom_page_category_id: category.body.data.id, tenant_config_id: spaceIds[names.b],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.tenant_config_id).toBe(spaceIds[names.a]);
    expect((await as(names.a, 'GET', `/api/pagina_dinamica/${created.body.data.id}`)).body.data.tenant_config_id).toBe(spaceIds[names.a]);
    const menu = await as(names.a, 'GET', '/api/pagina_dinamica/menu');
    expect(menu.body.data).toEqual([{ title: 'Só de A', uri: 'institucional', slug: 'so-de-a', category: 'Institucional' }]);
    expect((await as(names.a, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a')).body.data.content).toBe('<p>Conteúdo de A.</p>');
  });

  it('shows another space\'s people nothing of it, even at the same address', async () => {
    const menu = await as(names.b, 'GET', '/api/pagina_dinamica/menu');
    expect(menu.status, menu.text).toBe(200);
    expect(menu.body.data).toEqual([]);
    const view = await as(names.b, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a');
    expect(view.status).toBe(404);
    expect(view.body.message).toBe('Página não encontrada.');
    // B's own category at the same URI holds B's page, not A's.
    const category = await as(names.b, 'POST', '/api/categoria_pagina_dinamica', { denomination: 'Institucional', uri: 'institucional' });
    await as(names.b, 'POST', '/api/pagina_dinamica', { title: 'Só de B', slug: 'so-de-a', content: '<p>Conteúdo de B.</p>', custom_page_category_id: category.body.data.id });
    const same = await as(names.b, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a');
    expect(same.body.data).toMatchObject({ title: 'Só de B', content: '<p>Conteúdo de B.</p>' });
    expect((await as(names.a, 'GET', '/api/pagina_dinamica/view/institucional/so-de-a')).body.data.title).toBe('Só de A');
    // A's token means nothing in B, and the default space has no pages.
    expect((await as(names.b, 'GET', '/api/pagina_dinamica/menu', undefined, tokens[names.a])).status).toBe(401);
    expect((await api.operator('GET', '/api/pagina_dinamica/menu')).body.data).toEqual([]);
  });
});
