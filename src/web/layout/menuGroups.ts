import { offers } from '../providers/permissions';
import { menuRequirements } from '../providers/routeRules';
import type { FeaturePage, GeneratedResource, MenuIcon } from '@kit/types';
import { MENU_AREAS, type MenuArea } from '../../../language/model';

export interface MenuGroup {
  area: string;
  label: string;
  modules: { name: string; label: string; icon: MenuIcon }[];
}

/**
 * The menu a person sees: the modules whose index they hold (`{permission}.index` or 'admin'), grouped under
 * their area in registry order, then the feature pages they may open (`resources/pages.ts`; not those
 * with `listed: false`), areas in menu order; an area with nothing to list does not appear.
 * @example menuGroups(screenResources, ['any', 'civilStatus.index']) // → [{ label: 'Tabelas auxiliares', modules: [Estados civis] }]
 */
export function menuGroups(resources: readonly GeneratedResource[], held: readonly string[], pages: readonly FeaturePage[] = []): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const resource of resources) {
    const listed = offers(resource, 'list') && menuRequirements(resource).some((name) => held.includes(name));
    if (!resource.screens || !listed) continue;
    const group = groups.get(resource.area) ?? { area: resource.area, label: resource.areaLabel, modules: [] };
    group.modules.push({ name: resource.name, label: resource.label.plural, icon: resource.icon });
    groups.set(resource.area, group);
  }
  for (const page of pages) {
    if (page.listed === false || !page.requires.some((name) => held.includes(name))) continue;
    const group = groups.get(page.area) ?? { area: page.area, label: MENU_AREAS[page.area as MenuArea] ?? page.area, modules: [] };
    group.modules.push({ name: page.path, label: page.label, icon: page.icon });
    groups.set(page.area, group);
  }
  const areaOrder = Object.keys(MENU_AREAS);
  return [...groups.values()].sort((a, b) => areaOrder.indexOf(a.area) - areaOrder.indexOf(b.area));
}
