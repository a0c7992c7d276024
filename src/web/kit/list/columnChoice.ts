import { useCallback, useSyncExternalStore } from 'react';
import { useGetIdentity } from 'ra-core';

/*
 * The columns a person hid, per person and list, in localStorage. Not ra-core's store: react-admin
 * empties its store at logout, and a column choice should outlive a session.
 */
const listeners = new Set<() => void>();
const keyOf = (user: string, list: string) => `conselho.columns.${user}.${list}`;

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? '[]';
  } catch {
    return '[]';
  }
}

/** Parses a stored choice; anything unexpected counts as "nothing hidden". */
export function parseHidden(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The sources hidden in one list (named by `listKey`: the module's own list by its module) for the
 * signed-in person, a toggle that stores the choice, and a setter of the whole choice (a saved view's).
 * @example const [hidden, toggle] = useHiddenColumns('estados_civis'); toggle('id');
 */
export function useHiddenColumns(list: string): [string[], (source: string) => void, (sources: string[]) => void] {
  const { identity } = useGetIdentity();
  const key = keyOf(String(identity?.id ?? 'anonimo'), list);
  const raw = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => read(key),
    () => '[]',
  );
  const hidden = parseHidden(raw);
  const store = useCallback(
    (next: string[]) => {
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage may be refused (a private window, a full disk): the list keeps every column.
      }
      listeners.forEach((listener) => listener());
    },
    [key],
  );
  const toggle = useCallback(
    (source: string) => {
      const current = parseHidden(read(key));
      store(current.includes(source) ? current.filter((s) => s !== source) : [...current, source]);
    },
    [key, store],
  );
  return [hidden, toggle, store];
}
