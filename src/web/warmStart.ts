import type { GetListParams } from 'ra-core';
import { authProvider, dataProvider, primeGet } from './services';
import { screenResources } from './resources/screens';
import { lazyScreens, type Screen } from './resources/lazyScreens';

/** The list parameters react-admin keeps in the address (`?page=&perPage=&sort=&order=&filter=`). */
function listParams(search: URLSearchParams): Partial<GetListParams> | null {
  const page = Number(search.get('page'));
  const perPage = Number(search.get('perPage'));
  const field = search.get('sort');
  const order = search.get('order');
  if (!page || !perPage || !field || (order !== 'ASC' && order !== 'DESC')) return null;
  try {
    return { pagination: { page, perPage }, sort: { field, order }, filter: JSON.parse(search.get('filter') ?? '{}') };
  } catch {
    return null;
  }
}

/**
 * With a token, everything a deep link needs starts at once instead of one after the other: the
 * permissions, the screen's chunk (and the kit behind it) and, for a list whose address says it all,
 * its first page. The page is only kept for the list to pick up; the screens still wait for the
 * permissions before showing anything, and the server enforces them on the request itself.
 */
export function warmStart(location: Location): Promise<unknown> {
  authProvider.loadData().catch(() => undefined);
  const [name, rest] = location.pathname.split('/').filter(Boolean);
  const resource = screenResources.find((r) => r.name === name);
  if (!resource) return Promise.resolve();
  const screen: Screen = rest === undefined ? 'list' : rest === 'inserir' ? 'create' : location.pathname.endsWith('/show') ? 'show' : 'edit';
  const screens = lazyScreens(resource).preload(screen);
  const params = rest === undefined ? listParams(new URLSearchParams(location.search)) : null;
  if (params) primeGet(() => dataProvider.getList(resource.name, params));
  return screens;
}
