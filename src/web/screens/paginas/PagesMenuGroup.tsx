import { Fragment, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from '@kit/plain/icons';
import { iconPath } from '../../resources/icons';
import { session } from '../../services';
import { menuPages, pageAddress, type MenuPage } from './pages';

/**
 * The 'Páginas' menu group: the space's pages of active categories, read again whenever the person
 * moves to another screen (a page just saved shows at once). Absent while there are none, and not
 * asked for while the person must first change a one-time password (the server refuses every other
 * request then, and a refusal would take them away from the profile).
 */
export function PagesMenuGroup() {
  const { pathname } = useLocation();
  const [pages, setPages] = useState<MenuPage[]>([]);
  useEffect(() => {
    let current = true;
    if (session.mustChangePassword()) return;
    menuPages().then((found) => current && setPages(found), () => undefined);
    return () => {
      current = false;
    };
  }, [pathname]);
  if (pages.length === 0) return null;
  return (
    <Fragment>
      <div className="nav-area">Páginas</div>
      {pages.map((entry) => (
        <NavLink key={`${entry.uri}/${entry.slug}`} to={pageAddress(entry)} title={`${entry.category}: ${entry.title}`}>
          <Icon d={iconPath('Article')} />
          <span>{entry.title}</span>
        </NavLink>
      ))}
    </Fragment>
  );
}
