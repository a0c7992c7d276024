import { http } from '../../services';

/** One entry of the 'Páginas' menu (`GET /api/pagina_dinamica/menu`). */
export interface MenuPage {
  title: string;
  uri: string;
  slug: string;
  category: string;
}

/** A page as `GET /api/pagina_dinamica/view/{uri}/{slug}` answers it, its content sanitised by the server. */
export interface ViewedPage {
  title: string;
  content: string;
  uri: string;
  slug: string;
  category: string;
}

export const pageAddress = (entry: { uri: string; slug: string }) => `/paginas/${encodeURIComponent(entry.uri)}/${encodeURIComponent(entry.slug)}`;

export async function menuPages(): Promise<MenuPage[]> {
  return (await http<{ data: MenuPage[] }>({ path: '/api/pagina_dinamica/menu' })).json.data;
}

export async function viewedPage(uri: string, slug: string): Promise<ViewedPage> {
  return (await http<{ data: ViewedPage }>({ path: `/api/pagina_dinamica/view/${encodeURIComponent(uri)}/${encodeURIComponent(slug)}` })).json.data;
}
