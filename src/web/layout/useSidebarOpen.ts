import { useStore } from 'ra-core';

/** Whether the menu is open, under the key react-admin's own sidebar keeps it (closed by default on a phone). */
export const useSidebarOpen = () => useStore<boolean>('sidebar.open', window.matchMedia?.('(min-width: 600px)').matches ?? true);
