import { useEffect, useState } from 'react';

/**
 * What a save's answer carries beside the record (a new account's one-time password, …), handed by
 * the data provider to the screen that shows it. An insert opens the new record, so the screen that
 * shows it may mount only after the save: the last answer of each module waits until it is taken.
 * It lives in memory only, never in react-admin's record cache.
 */
export type SaveAnswer = Record<string, unknown>;

const waiting = new Map<string, SaveAnswer>();
const listeners = new Map<string, Set<(answer: SaveAnswer) => void>>();

/** A record of the simple-rest dialect without its `_answer`, which goes to the module's screen. */
export function keepAnswer<R extends { data: Record<string, any> }>(resource: string, result: R): R {
  const { _answer: answer, ...record } = result.data;
  if (!answer || typeof answer !== 'object') return result;
  const screens = listeners.get(resource);
  if (screens?.size) screens.forEach((listener) => listener(answer as SaveAnswer));
  else waiting.set(resource, answer as SaveAnswer);
  return { ...result, data: record };
}

/** The last save answer of a module, and a function to let it go once shown. */
export function useSaveAnswer(resource: string): [SaveAnswer | null, () => void] {
  const [answer, setAnswer] = useState<SaveAnswer | null>(() => {
    const taken = waiting.get(resource) ?? null;
    waiting.delete(resource);
    return taken;
  });
  useEffect(() => {
    const set = listeners.get(resource) ?? new Set();
    listeners.set(resource, set);
    set.add(setAnswer);
    return () => void set.delete(setAnswer);
  }, [resource]);
  return [answer, () => setAnswer(null)];
}
