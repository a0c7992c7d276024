/**
 * Kinds whose text is trimmed before it is checked and stored: what a person reads, types or
 * pastes (names, denominations, e-mails, addresses, codes, dates). Passwords and other secrets
 * (`password`, write-only fields), images and JSON keep every character they were given.
 */
const TRIMMED_KINDS: ReadonlySet<string> = new Set([
  'text', 'textarea', 'email', 'url', 'cpf', 'cnpj', 'cep', 'phone', 'mask', 'color',
  'date', 'datetime', 'time', 'money', 'enum',
]);

/** Whether a field of this kind has its text trimmed; secrets never do. */
export const isTrimmed = (kind: string, secret = false) => !secret && TRIMMED_KINDS.has(kind);

/**
 * The value as the server checks and stores it: text of a trimmed kind without the spaces around
 * it (so `'  '` is blank and `' x '` is `'x'`); anything else as given.
 * @example trimmedValue('text', '  Ação ') // 'Ação'
 */
export function trimmedValue(kind: string, value: unknown, secret = false): unknown {
  return typeof value === 'string' && isTrimmed(kind, secret) ? value.trim() : value;
}
