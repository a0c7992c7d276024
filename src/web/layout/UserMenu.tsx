import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useGetIdentity, useLogout } from 'ra-core';
import { AccountCircleIcon, PersonIcon, PowerSettingsNewIcon } from '@kit/plain/icons';

/** The user menu (button 'Perfil', showing the person's name): 'Perfil' and 'Sair'. Esc or a click outside closes it. */
export function UserMenu() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const keys = (event: KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };
  return (
    <div className="user-menu" ref={root} onKeyDown={keys}>
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <AccountCircleIcon />
        {/* Named 'Perfil' for screen readers, and the visible name is part of that name. */}
        <span className="visually-hidden">Perfil: </span>
        {identity?.fullName}
      </button>
      {open && (
        <ul className="menu-list" role="menu" aria-label="Perfil">
          <li role="none">
            <Link to="/perfil" role="menuitem" onClick={() => setOpen(false)}>
              <PersonIcon />
              Perfil
            </Link>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => logout()}>
              <PowerSettingsNewIcon />
              Sair
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
