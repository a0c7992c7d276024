import { offers } from '../providers/permissions';
import { menuRequirements } from '../providers/routeRules';
import type { GeneratedResource, MenuIcon } from '@kit/types';

export interface MenuGroup {
  area: string;
  label: string;
  modules: { name: string; label: string; icon: MenuIcon }[];
}

/**
 * The menu a person sees: the modules whose index they hold (`{permission}.index` or 'admin'), grouped under
 * their area in registry order; an area with nothing to list does not appear.
 * @example menuGroups(screenResources, ['any', 'civilStatus.index']) // → [{ label: 'Tabelas auxiliares', modules: [Estados civis] }]
 */
export function menuGroups(resources: readonly GeneratedResource[], held: readonly string[]): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const resource of resources) {
    const listed = offers(resource, 'list') && menuRequirements(resource).some((name) => held.includes(name));
    if (!resource.screens || !listed) continue;
    const group = groups.get(resource.area) ?? { area: resource.area, label: resource.areaLabel, modules: [] };
    group.modules.push({ name: resource.name, label: resource.label.plural, icon: resource.icon });
    groups.set(resource.area, group);
  }
  return [...groups.values()];
}
