/**
 * Custom pages (spec 000): categories and pages through the generic API with their messages on the
 * field, the space set by the server, the 'Páginas' menu and the page view for any signed-in person,
 * 404 for what is not there; on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`custom pages [${kind}]`, () => {
    let server: TestServer;
    let categoryId: number;
    beforeAll(async () => {
      server = await startTestServer(kind);
      const category = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'Institucional', uri: 'institucional' });
      expect(category.status, JSON.stringify(category.body)).toBe(201);
      categoryId = category.body.data.id;
    });
    afterAll(() => server?.close());

    const admin = () => call(server, server.adminToken);
    /** The edit form's save: the record as it was opened, with these changes. */
    const save = async (module: string, id: number, changes: Record<string, unknown>) => {
      const { id: _id, created_at: _c, updated_at: _u, inactivated_at: _i, ...shown } = (await admin()('GET', `/api/${module}/${id}`)).body.data;
      return admin()('PUT', `/api/${module}/${id}`, { ...shown, ...changes });
    };
    const page = (fields: Record<string, unknown> = {}) => ({ title: 'Quem somos', slug: 'quem-somos', content: '<p>O conselho.</p>', custom_page_category_id: categoryId, ...fields });

    it('asks for the category\'s denomination and URI, each at most 255 characters, in pt-BR on the field', async () => {
      const empty = await admin()('POST', '/api/categoria_pagina_dinamica', {});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({ denomination: ['O campo Denominação é obrigatório.'], uri: ['O campo URI é obrigatório.'] });
      const long = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'x'.repeat(256), uri: 'a'.repeat(256) });
      expect(long.body.errors).toEqual({
        denomination: ['O campo Denominação não pode ter mais de 255 caracteres.'],
        uri: ['O campo URI não pode ter mais de 255 caracteres.'],
      });
    });

    it('takes a URI of lower-case letters, digits and hyphens only, once', async () => {
      for (const uri of ['Institucional', 'a/b', 'com espaço', 'ação', '-inicio', 'fim-', 'a--b', '../x']) {
        const answer = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'X', uri });
        expect(answer.status, uri).toBe(422);
        expect(answer.body.errors.uri, uri).toEqual(['O campo URI deve ter apenas letras minúsculas, números e hífens (sem barras, espaços ou acentos).']);
      }
      const again = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'Outra', uri: 'institucional' });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ uri: ['Já existe uma categoria com esta URI.'] });
      const fine = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'Notícias de 2026', uri: 'noticias-2026' });
      expect(fine.status).toBe(201);
      expect(fine.body.data).toMatchObject({ denomination: 'Notícias de 2026', uri: 'noticias-2026', inactivated: false, inactivated_at: null });
    });

    it('asks for a page\'s title (at most 255), content, slug and category, in pt-BR on the field', async () => {
      const empty = await admin()('POST', '/api/pagina_dinamica', {});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({
        title: ['O campo Título é obrigatório.'],
        content: ['O campo Conteúdo é obrigatório.'],
        slug: ['O campo Slug é obrigatório.'],
        custom_page_category_id: ['O campo Categoria é obrigatório.'],
      });
      const long = await admin()('POST', '/api/pagina_dinamica', page({ title: 't'.repeat(256), slug: 'Quem Somos' }));
      expect(long.status).toBe(422);
      expect(long.body.errors).toEqual({
        title: ['O campo Título não pode ter mais de 255 caracteres.'],
        slug: ['O campo Slug deve ter apenas letras minúsculas, números e hífens (sem barras, espaços ou acentos).'],
      });
      const nowhere = await admin()('POST', '/api/pagina_dinamica', page({ custom_page_category_id: 999_999 }));
      expect(nowhere.body.errors).toEqual({ custom_page_category_id: ['O registro selecionado não existe.'] });
    });

    it('keeps a slug once within its category, and lets another category use it', async () => {
      const first = await admin()('POST', '/api/pagina_dinamica', page());
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const again = await admin()('POST', '/api/pagina_dinamica', page({ title: 'Outra' }));
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ slug: ['Já existe uma página com este slug nesta categoria.'] });
      const other = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'Ouvidoria', uri: 'ouvidoria' });
      const elsewhere = await admin()('POST', '/api/pagina_dinamica', page({ custom_page_category_id: other.body.data.id }));
      expect(elsewhere.status).toBe(201);
      const moved = await save('pagina_dinamica', elsewhere.body.data.id, { custom_page_category_id: categoryId });
      expect(moved.status).toBe(422);
      expect(moved.body.errors).toEqual({ slug: ['Já existe uma página com este slug nesta categoria.'] });
    });

    it('sets the space itself: none in the default space, whatever the body says', async () => {
      const created = await admin()('POST', '/api/pagina_dinamica', page({ slug: 'espaco', tenant_config_id: 4242 }));
      expect(created.status).toBe(201);
      expect(created.body.data.tenant_config_id).toBeNull();
      const updated = await save('pagina_dinamica', created.body.data.id, { tenant_config_id: 4242, title: 'Espaço' });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ title: 'Espaço', tenant_config_id: null });
      const stored = await server.db.selectFrom('custom_pages').select('tenant_config_id').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
      expect(stored.tenant_config_id).toBeNull();
    });

    it('stores, answers and shows the content sanitised', async () => {
      const created = await admin()('POST', '/api/pagina_dinamica', page({
        slug: 'limpa', content: '<p onclick="alert(1)" style="color:red">Olá <strong>mundo</strong> <a href="javascript:alert(1)">x</a> <a href="https://cfm.org.br" target="_blank">site</a></p><script>alert(1)</script>',
      }));
      expect(created.status).toBe(201);
      const clean = '<p>Olá <strong>mundo</strong> <a rel="noopener noreferrer">x</a> <a href="https://cfm.org.br" target="_blank" rel="noopener noreferrer">site</a></p>';
      expect(created.body.data.content).toBe(clean);
      expect((await admin()('GET', `/api/pagina_dinamica/${created.body.data.id}`)).body.data.content).toBe(clean);
      expect((await admin()('GET', `/api/rest/pagina_dinamica/${created.body.data.id}`)).body.content).toBe(clean);
      const stored = await server.db.selectFrom('custom_pages').select('content').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
      expect(stored.content).toBe(clean);
      const updated = await save('pagina_dinamica', created.body.data.id, { content: '<h2>Título</h2><img src=x onerror=alert(1)><p>fim</p>' });
      expect(updated.body.data.content).toBe('<h2>Título</h2><p>fim</p>');
      for (const content of ['<script>alert(1)</script>', '<p>  </p><img src=x onerror=alert(1)>']) {
        const nothingLeft = await admin()('POST', '/api/pagina_dinamica', page({ slug: 'so-script', content }));
        expect(nothingLeft.status, content).toBe(422);
        expect(nothingLeft.body.errors, content).toEqual({ content: ['O campo Conteúdo é obrigatório.'] });
      }
    });

    it('sanitises a page written by hand in the database when it is read', async () => {
      const created = await admin()('POST', '/api/pagina_dinamica', page({ slug: 'a-mao' }));
      await server.db.updateTable('custom_pages').set({ content: '<p>ok</p><img src=x onerror=alert(1)>' }).where('id', '=', created.body.data.id).execute();
      expect((await admin()('GET', `/api/pagina_dinamica/${created.body.data.id}`)).body.data.content).toBe('<p>ok</p>');
      expect((await admin()('GET', `/api/rest/pagina_dinamica/${created.body.data.id}`)).body.content).toBe('<p>ok</p>');
      expect((await admin()('GET', '/api/pagina_dinamica/view/institucional/a-mao')).body.data.content).toBe('<p>ok</p>');
    });

    it('lists the pages of active categories in the menu, and opens each by its URI and slug, for any signed-in person', async () => {
      const nobody = await userWith(server, []);
      expect((await call(server, nobody.token)('GET', '/api/pagina_dinamica')).status).toBe(403);
      const menu = await call(server, nobody.token)('GET', '/api/pagina_dinamica/menu');
      expect(menu.status).toBe(200);
      expect(menu.body.data).toContainEqual({ title: 'Quem somos', uri: 'institucional', slug: 'quem-somos', category: 'Institucional' });
      expect(menu.body.data).toContainEqual({ title: 'Quem somos', uri: 'ouvidoria', slug: 'quem-somos', category: 'Ouvidoria' });
      const categories = menu.body.data.map((entry: { category: string }) => entry.category);
      expect(categories).toEqual([...categories].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
      const view = await call(server, nobody.token)('GET', '/api/pagina_dinamica/view/institucional/quem-somos');
      expect(view.status).toBe(200);
      expect(view.body.data).toMatchObject({ title: 'Quem somos', content: '<p>O conselho.</p>', uri: 'institucional', slug: 'quem-somos', category: 'Institucional' });
      expect((await call(server, null)('GET', '/api/pagina_dinamica/menu')).status).toBe(401);
      expect((await call(server, null)('GET', '/api/pagina_dinamica/view/institucional/quem-somos')).status).toBe(401);
    });

    it('answers 404 in pt-BR for a page that is not there, or whose category is inactive', async () => {
      for (const url of ['/api/pagina_dinamica/view/institucional/nao-existe', '/api/pagina_dinamica/view/nada/quem-somos']) {
        const answer = await admin()('GET', url);
        expect(answer.status, url).toBe(404);
        expect(answer.body.message).toBe('Página não encontrada.');
      }
      const hidden = await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'Arquivo', uri: 'arquivo' });
      await admin()('POST', '/api/pagina_dinamica', page({ slug: 'antiga', title: 'Antiga', custom_page_category_id: hidden.body.data.id }));
      expect((await admin()('GET', '/api/pagina_dinamica/view/arquivo/antiga')).status).toBe(200);
      expect((await save('categoria_pagina_dinamica', hidden.body.data.id, { inactivated: true })).status).toBe(200);
      expect((await admin()('GET', '/api/pagina_dinamica/view/arquivo/antiga')).status).toBe(404);
      const menu = await admin()('GET', '/api/pagina_dinamica/menu');
      expect(menu.body.data.map((entry: { uri: string }) => entry.uri)).not.toContain('arquivo');
      const combo = await admin()('GET', '/api/categoria_pagina_dinamica/combos');
      expect(combo.body.data.map((option: { name: string }) => option.name)).not.toContain('Arquivo');
    });

    it('keeps the page permissions apart from the category ones in the catalogue', async () => {
      const catalogue = await admin()('GET', '/api/permissions');
      const names = JSON.stringify(catalogue.body);
      for (const name of ['customPageCategory.index', 'customPageCategory.store', 'customPage.index', 'customPage.update', 'customPage.destroy']) expect(names).toContain(name);
    });
  });
}
