import { useSyncExternalStore } from 'react';

/** Below this width a list becomes cards and a form one column (MUI's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 599px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** Whether the window is phone-narrow, following it as it turns or resizes. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(PHONE_QUERY).matches ?? false, () => false);
}
