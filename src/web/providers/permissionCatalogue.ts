import type { HttpClient } from '../http/client';
import type { PermissionEntry } from '@kit/permissions/catalogue';
import { resources } from '@generated/web/registry';

interface ServedEntry {
  name: string;
  label: string;
  module: string | null;
  area?: string | null;
}

const GENERAL = 'Geral';

/**
 * `GET /api/permissions` with each entry's menu area named as the menu names it (the area of its
 * module, or its own area key), sorted by area and label for the picker.
 */
export async function loadPermissionCatalogue(http: HttpClient): Promise<PermissionEntry[]> {
  const { json } = await http<{ data: ServedEntry[] }>({ path: '/api/permissions' });
  const areaLabels = new Map(resources.map((r) => [r.area, r.areaLabel]));
  const moduleAreas = new Map(resources.map((r) => [r.name, r.areaLabel]));
  const areaOf = (entry: ServedEntry) =>
    (entry.area ? areaLabels.get(entry.area) : undefined) ?? (entry.module ? moduleAreas.get(entry.module) : undefined) ?? (entry.area || GENERAL);
  return json.data
    .map((entry) => ({ ...entry, areaLabel: areaOf(entry) }))
    .sort((a, b) => a.areaLabel.localeCompare(b.areaLabel, 'pt-BR') || a.label.localeCompare(b.label, 'pt-BR'));
}
