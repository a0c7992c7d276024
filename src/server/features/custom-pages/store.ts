import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { sanitizeContent } from './sanitize.js';

/** One entry of the 'Páginas' menu. */
export interface MenuPage {
  title: string;
  uri: string;
  slug: string;
  category: string;
}

/** The space's pages whose category is active, by category then title: the 'Páginas' menu group. */
export async function menuPages(db: Kysely<SpaceDatabase>): Promise<MenuPage[]> {
  return db
    .selectFrom('custom_pages as p')
    .innerJoin('custom_page_categories as c', 'c.id', 'p.custom_page_category_id')
    .select(['p.title', 'c.uri', 'p.slug', 'c.denomination as category'])
    .where('c.inactivated', '=', false)
    .orderBy('c.denomination')
    .orderBy('p.title')
    .orderBy('p.id')
    .execute();
}

/** A page as its address names it (`/paginas/{uri}/{slug}`), its content sanitised again; undefined when none (or its category is inactive). */
export async function findPage(db: Kysely<SpaceDatabase>, uri: string, slug: string) {
  const row = await db
    .selectFrom('custom_pages as p')
    .innerJoin('custom_page_categories as c', 'c.id', 'p.custom_page_category_id')
    .select(['p.id', 'p.title', 'p.content', 'p.slug', 'c.uri', 'c.denomination as category', 'p.updated_at'])
    .where(sql<string>`lower(c.uri)`, '=', uri.toLowerCase())
    .where(sql<string>`lower(p.slug)`, '=', slug.toLowerCase())
    .where('c.inactivated', '=', false)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), content: sanitizeContent(row.content) };
}
