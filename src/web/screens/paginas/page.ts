import type { FeaturePage } from '@kit/types';
import { PagesMenuGroup } from './PagesMenuGroup';

/**
 * A custom page (spec 000, menuCtmPage) inside the shell at `/paginas/{category uri}/{slug}`, for any
 * signed-in person of the space; the pages are listed by the 'Páginas' menu group rather than by an
 * entry of their own. `paginas` names no module (modules are `pagina_dinamica`, …), so it cannot
 * collide with a module's routes.
 */
export const page: FeaturePage = {
  path: 'paginas/:uri/:slug',
  label: 'Página',
  area: 'sistema',
  icon: 'Article',
  requires: ['any'],
  load: () => import('./CustomPageView'),
  listed: false,
  menuGroup: PagesMenuGroup,
};
