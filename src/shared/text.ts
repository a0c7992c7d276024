import { kindHas } from '../../language/kinds.js';

/**
 * Whether a field of this kind has its text trimmed (what a person reads, types or pastes: the
 * kind's `trimmed` fact); passwords and other secrets keep every character they were given.
 */
export const isTrimmed = (kind: string, secret = false) => !secret && kindHas(kind, 'trimmed');

/**
 * The value as the server checks and stores it: text of a trimmed kind without the spaces around
 * it (so `'  '` is blank and `' x '` is `'x'`); anything else as given.
 * @example trimmedValue('text', '  Ação ') // 'Ação'
 */
export function trimmedValue(kind: string, value: unknown, secret = false): unknown {
  return typeof value === 'string' && isTrimmed(kind, secret) ? value.trim() : value;
}
