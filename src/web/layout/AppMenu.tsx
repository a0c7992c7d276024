import { Fragment } from 'react';
import ListSubheader from '@mui/material/ListSubheader';
import HomeIcon from '@mui/icons-material/Home';
import { Menu, useResourceDefinitions, useSidebarState } from 'react-admin';

/** The menu: home, then the modules the person may list, grouped under their area's name. */
export function AppMenu() {
  const definitions = useResourceDefinitions();
  const [open] = useSidebarState();
  const groups = new Map<string, string[]>();
  for (const definition of Object.values(definitions)) {
    if (!definition.hasList) continue;
    const area = (definition.options?.areaLabel as string) ?? 'Outros';
    groups.set(area, [...(groups.get(area) ?? []), definition.name]);
  }
  return (
    <Menu aria-label="Menu principal">
      <Menu.Item to="/" primaryText="Início" leftIcon={<HomeIcon />} />
      {[...groups].map(([area, names]) => (
        <Fragment key={area}>
          {open && (
            <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
              {area}
            </ListSubheader>
          )}
          {names.map((name) => (
            <Menu.ResourceItem key={name} name={name} />
          ))}
        </Fragment>
      ))}
    </Menu>
  );
}
