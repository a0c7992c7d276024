import type { FeaturePage } from '@kit/types';

/**
 * The page seam: a screen that belongs to no module (a settings form) lives in its feature folder
 * `src/web/screens/<folder>/`, with a `page.ts` exporting `page` (its route, menu entry, area, icon and
 * the names that open it). The shell finds every one here: the menu lists it under its area for
 * whoever holds one of the names, and its route opens it (anyone else goes to /erro).
 *
 * @example
 * // src/web/screens/parametros/page.ts
 * export const page: FeaturePage = { path: 'parametros', label: 'Parâmetros', area: 'sistema', icon: 'Tune',
 *   requires: ['parameter.index', 'admin'], load: () => import('./ParametersPage') };
 */
const found = import.meta.glob<FeaturePage>('../screens/*/page.ts', { eager: true, import: 'page' });

export const featurePages: FeaturePage[] = Object.values(found);

/** A feature page's name for the document title, as a module's labels (`pageTitle`). */
export function pageLabel(path: string): { singular: string; plural: string } | undefined {
  const page = featurePages.find((candidate) => candidate.path === path);
  return page ? { singular: page.label, plural: page.label } : undefined;
}
