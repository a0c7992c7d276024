import { useRefresh } from 'ra-core';
import { MenuIcon, RefreshIcon } from '@kit/plain/icons';
import { UserMenu } from './UserMenu';
import { useSidebarOpen } from './useSidebarOpen';

/** The top bar: the menu toggle, the page's title (react-admin's titles portal into it), 'Atualizar' and the user menu. */
export function AppTopBar() {
  const [open, setOpen] = useSidebarOpen();
  const refresh = useRefresh();
  return (
    <header className="topbar">
      <button type="button" className="icon-btn" aria-label={open ? 'Fechar menu' : 'Abrir menu'} aria-expanded={open} onClick={() => setOpen(!open)}>
        <MenuIcon />
      </button>
      <span className="title" id="react-admin-title" />
      <button type="button" className="icon-btn" aria-label="Atualizar" onClick={() => refresh()}>
        <RefreshIcon />
      </button>
      <UserMenu />
    </header>
  );
}
