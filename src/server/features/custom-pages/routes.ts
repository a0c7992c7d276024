import type { FastifyInstance } from 'fastify';
import { dataAnswer, integer, moment, pathOf, text } from '../../../shared/contracts/parts.js';
import { notFound } from '../../core/http/app-error.js';
import { sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { findPage, menuPages } from './store.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';

export const PAGE_NOT_FOUND = 'Página não encontrada.';

const contracts = {
  menu: {
    tags: ['pagina_dinamica'],
    summary: 'O menu Páginas: as páginas do espaço cujas categorias estão ativas, por categoria e título (qualquer usuário autenticado)',
    response: { 200: dataAnswer('OK', { type: 'array', items: { type: 'object', properties: { title: text, uri: text, slug: text, category: text }, required: ['title', 'uri', 'slug', 'category'], additionalProperties: false } }) },
    errors: ['401'],
  },
  view: {
    tags: ['pagina_dinamica'],
    summary: 'Uma página pelo seu endereço (URI da categoria e slug), com o conteúdo sanitizado (qualquer usuário autenticado)',
    params: pathOf({ uri: 'O URI da categoria', slug: 'O slug da página' }),
    response: {
      200: dataAnswer('A página', {
        type: 'object',
        properties: { id: integer, title: text, content: text, uri: text, slug: text, category: text, updated_at: moment },
        required: ['id', 'title', 'content', 'uri', 'slug', 'category', 'updated_at'],
      }),
    },
    errors: ['401', '404'],
  },
} as const;

/**
 * The pages as people read them, for any signed-in person of the space (the records' screens keep
 * their permissions): `GET /api/pagina_dinamica/menu` lists the 'Páginas' menu,
 * `GET /api/pagina_dinamica/view/{uri}/{slug}` answers one page (404 'Página não encontrada.').
 */
export async function customPageRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ContractTypes>();
  routes.get('/api/pagina_dinamica/menu', { schema: contracts.menu }, async (request) => {
    sessionOf(request);
    return { data: await menuPages(spaceOf(request).db) };
  });

  routes.get('/api/pagina_dinamica/view/:uri/:slug', { schema: contracts.view }, async (request) => {
    sessionOf(request);
    const page = await findPage(spaceOf(request).db, request.params.uri, request.params.slug);
    if (!page) throw notFound(PAGE_NOT_FOUND);
    return { data: page };
  });
}
