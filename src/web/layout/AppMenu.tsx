import { Fragment } from 'react';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import HomeIcon from '@mui/icons-material/Home';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { screenResources } from '../resources/screens';
import { menuGroups } from './menuGroups';

/**
 * The menu: home, then the modules the person may list, grouped under their area's name. It is site
 * navigation, so a landmark of plain links (MUI's menu roles are for application menus).
 */
export function AppMenu() {
  const { permissions } = usePermissions<string[]>();
  const [open] = useSidebarState();
  const groups = menuGroups(screenResources, permissions ?? []);
  return (
    <Box component="nav" aria-label="Menu principal">
      <Menu role="presentation">
        <Menu.Item to="/" primaryText="Início" leftIcon={<HomeIcon />} role="link" />
        {groups.map((group) => (
          <Fragment key={group.area}>
            {open && (
              <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                {group.label}
              </ListSubheader>
            )}
            {group.modules.map((module) => (
              <Menu.ResourceItem key={module.name} name={module.name} role="link" />
            ))}
          </Fragment>
        ))}
      </Menu>
    </Box>
  );
}
