import { useSyncExternalStore } from 'react';
import { useStore } from 'ra-core';
import { usePhone } from '@kit/list/usePhone';

/**
 * The phone's menu: an overlay over the page, open only until a link is followed or it is closed, and
 * closed at every load. It lives in memory, never in the store react-admin keeps in localStorage,
 * where an open drawer would cover the page again after a reload.
 */
let phoneOpen = false;
const phoneListeners = new Set<() => void>();
const subscribePhone = (listener: () => void) => {
  phoneListeners.add(listener);
  return () => phoneListeners.delete(listener);
};
const setPhoneOpen = (open: boolean) => {
  phoneOpen = open;
  phoneListeners.forEach((listener) => listener());
};

/**
 * Whether the menu is open, and its setter. On a desktop it is the person's choice, kept across visits
 * under the key react-admin's own sidebar uses (open by default); on a phone (below 600 px) it starts
 * closed on every load.
 */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const phone = usePhone();
  const [desktopOpen, setDesktopOpen] = useStore<boolean>('sidebar.open', true);
  const open = useSyncExternalStore(subscribePhone, () => phoneOpen, () => false);
  return phone ? [open, setPhoneOpen] : [desktopOpen, setDesktopOpen];
}
