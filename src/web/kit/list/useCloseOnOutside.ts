import { useEffect, useRef, type RefObject } from 'react';

/** While `open`, a press outside `box` or the Escape key calls `close` (a list's popover menus). */
export function useCloseOnOutside(open: boolean, box: RefObject<HTMLElement | null>, close: () => void): void {
  // The latest `close`, so a new function each render does not subscribe again.
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) latest.current();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, box]);
}
