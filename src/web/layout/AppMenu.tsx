import { Fragment } from 'react';
import { NavLink } from 'react-router-dom';
import { usePermissions } from 'ra-core';
import { Icon } from '@kit/plain/icons';
import { iconPath } from '../resources/icons';
import { screenResources } from '../resources/screens';
import { featurePages } from '../resources/pages';
import { menuGroups } from './menuGroups';
import { useSidebarOpen } from './useSidebarOpen';

/**
 * The menu: home, then the modules the person may list, grouped under their area's name, then the
 * groups feature pages draw themselves (the custom pages' 'Páginas'). It is site
 * navigation, so a landmark of plain links; closed, it shows the icons only (each link keeps its name).
 */
export function AppMenu() {
  const { permissions } = usePermissions<string[]>();
  const groups = menuGroups(screenResources, permissions ?? [], featurePages);
  const [, setOpen] = useSidebarOpen();
  // On a phone the open menu covers the page: following a link closes it.
  const followed = () => {
    if (!window.matchMedia?.('(min-width: 600px)').matches) setOpen(false);
  };
  return (
    <nav className="nav" aria-label="Menu principal" onClick={followed}>
      <NavLink to="/" end>
        <Icon d={iconPath('Home')} />
        <span>Início</span>
      </NavLink>
      <NavLink to="/dashboard">
        <Icon d={iconPath('Dashboard')} />
        <span>Painel</span>
      </NavLink>
      {groups.map((group) => (
        <Fragment key={group.area}>
          <div className="nav-area">{group.label}</div>
          {group.modules.map((module) => (
            // The name whole on hover: a long one is cut in the open menu, and the closed one shows icons only.
            <NavLink key={module.name} to={`/${module.name}`} title={module.label}>
              <Icon d={iconPath(module.icon)} />
              <span>{module.label}</span>
            </NavLink>
          ))}
        </Fragment>
      ))}
      {featurePages.map(({ path, menuGroup: MenuGroup }) => (MenuGroup ? <MenuGroup key={path} /> : null))}
    </nav>
  );
}
