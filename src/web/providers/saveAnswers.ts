import { useCallback, useSyncExternalStore } from 'react';

/**
 * What a save's answer carries beside the record (a new account's one-time password, …), handed by
 * the data provider to the screen that shows it. An insert opens the new record, so the insert screen
 * that hears the answer may unmount right after it and the record's screen mount later: the last
 * answer of each module is kept until a screen lets it go, never dropped on the way.
 * It lives in memory only, never in react-admin's record cache.
 */
export type SaveAnswer = Record<string, unknown>;

const kept = new Map<string, SaveAnswer>();
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

/** Calls `listener` whenever an answer is kept or let go; returns the call that stops it. */
export function subscribeToAnswers(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The answer kept for a module, if its screen has not let it go yet. */
export const answerOf = (resource: string): SaveAnswer | null => kept.get(resource) ?? null;

/** Forgets a module's answer once its screen has shown it. */
export function letAnswerGo(resource: string) {
  kept.delete(resource);
  announce();
}

/** A record of the simple-rest dialect without its `_answer`, which goes to the module's screen. */
export function keepAnswer<R extends { data: Record<string, any> }>(resource: string, result: R): R {
  const { _answer: answer, ...record } = result.data;
  if (!answer || typeof answer !== 'object') return result;
  kept.set(resource, answer as SaveAnswer);
  announce();
  return { ...result, data: record };
}

/** The last save answer of a module, and a function to let it go once shown. */
export function useSaveAnswer(resource: string): [SaveAnswer | null, () => void] {
  const answer = useSyncExternalStore(subscribeToAnswers, () => answerOf(resource));
  const letGo = useCallback(() => letAnswerGo(resource), [resource]);
  return [answer, letGo];
}
