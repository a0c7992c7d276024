import { allows } from '../providers/permissions';
import type { GeneratedResource } from '../kit/types';

export interface MenuGroup {
  area: string;
  label: string;
  modules: { name: string; label: string; icon: string }[];
}

/**
 * The menu a person sees: the modules they may list (`{permission}.index` or 'admin'), grouped under
 * their area in registry order; an area with nothing to list does not appear.
 * @example menuGroups(screenResources, ['any', 'civilStatus.index']) // → [{ label: 'Tabelas auxiliares', modules: [Estados civis] }]
 */
export function menuGroups(resources: readonly GeneratedResource[], held: readonly string[]): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const resource of resources) {
    if (!resource.screens || !allows(held, resource, 'list')) continue;
    const group = groups.get(resource.area) ?? { area: resource.area, label: resource.areaLabel, modules: [] };
    group.modules.push({ name: resource.name, label: resource.label.plural, icon: resource.icon });
    groups.set(resource.area, group);
  }
  return [...groups.values()];
}
