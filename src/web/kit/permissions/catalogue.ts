import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';

/** One permission of `GET /api/permissions`, with the pt-BR name of its menu area to group by. */
export interface PermissionEntry {
  name: string;
  label: string;
  module: string | null;
  area?: string | null;
  areaLabel: string;
}

/** The data provider method that loads the catalogue (the shell adds it to its data provider). */
export interface PermissionCatalogueSource {
  permissionCatalogue?: () => Promise<PermissionEntry[]>;
}

let loading: Promise<PermissionEntry[]> | null = null;

/** The permission catalogue, loaded once per page and shared by every picker on it. */
export function usePermissionCatalogue(): PermissionEntry[] | undefined {
  const dataProvider = useDataProvider() as unknown as PermissionCatalogueSource;
  const [entries, setEntries] = useState<PermissionEntry[]>();
  useEffect(() => {
    let active = true;
    loading ??= dataProvider.permissionCatalogue?.() ?? Promise.resolve([]);
    loading
      .then((list) => active && setEntries(list))
      .catch(() => {
        loading = null;
      });
    return () => {
      active = false;
    };
  }, [dataProvider]);
  return entries;
}

/** The pt-BR label of a permission name, or the name itself while the catalogue loads. */
export const permissionLabel = (entries: PermissionEntry[] | undefined, name: unknown): string =>
  name == null || name === '' ? '' : (entries?.find((e) => e.name === name)?.label ?? String(name));
