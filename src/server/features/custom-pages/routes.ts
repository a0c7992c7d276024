import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/http/app-error.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { findPage, menuPages } from './store.js';

export const PAGE_NOT_FOUND = 'Página não encontrada.';

/**
 * The pages as people read them, for any signed-in person of the space (the records' screens keep
 * their permissions): `GET /api/pagina_dinamica/menu` lists the 'Páginas' menu,
 * `GET /api/pagina_dinamica/view/{uri}/{slug}` answers one page (404 'Página não encontrada.').
 */
export async function customPageRoutes(app: FastifyInstance) {
  app.get('/api/pagina_dinamica/menu', async (request) => {
    sessionOf(request);
    return { data: await menuPages(spaceOf(request).db) };
  });

  app.get<{ Params: { uri: string; slug: string } }>('/api/pagina_dinamica/view/:uri/:slug', async (request) => {
    sessionOf(request);
    const page = await findPage(spaceOf(request).db, request.params.uri, request.params.slug);
    if (!page) throw notFound(PAGE_NOT_FOUND);
    return { data: page };
  });
}
