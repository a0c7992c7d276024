/**
 * The rules between fields, read alike by the server's validation step and the web form: whether a
 * conditional field (`x-when`) is shown, whether a start comes after its end (`x-order`), and a
 * rule's message as the schema words it (`x-messages`).
 */

/** `x-when` as the model and the form specs carry it. */
export interface Condition {
  field: string;
  in: readonly (string | number | boolean)[];
  required?: boolean;
  /** False: shown whatever the other field holds; only the requirement follows the condition. */
  hide?: boolean;
}

/**
 * Whether a field with this condition is shown, given the value of the field it names. Values are
 * compared as text too, so a select that hands `'1'` for `1` still meets `"in": [1]`.
 */
export function conditionHolds(condition: Condition, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return condition.in.some((wanted) => wanted === value || String(wanted) === String(value));
}

/**
 * Whether `start` comes after `end` (dates `YYYY-MM-DD`, date-times, times `HH:MM`); false while either
 * is empty or unreadable, which the fields' own rules report.
 * @example startsAfterEnd('2026-05-02', '2026-05-01') // true
 */
export function startsAfterEnd(start: unknown, end: unknown): boolean {
  if (typeof start !== 'string' || typeof end !== 'string' || start === '' || end === '') return false;
  if (/^\d{2}:\d{2}/.test(start) && /^\d{2}:\d{2}/.test(end)) return start > end;
  const a = Date.parse(start.trim().replace(' ', 'T'));
  const b = Date.parse(end.trim().replace(' ', 'T'));
  return Number.isFinite(a) && Number.isFinite(b) && a > b;
}

/** The default messages of the rules whose words do not depend on one side only (both sides read these). */
export const RULE_DEFAULTS = {
  required: 'O campo {label} é obrigatório.',
  decimalPlaces: 'O campo {label} deve conter no máximo {n} casas decimais.',
  integerPlaces: 'O campo {label} deve conter no maximo {n} casas inteiras.',
} as const;

/**
 * A rule's message: the schema's own (`x-messages`) when it has one, else `fallback`, with `{label}`
 * and `{n}` filled in.
 * @example ruleMessage({ required: 'A lista de fiscais é obrigatória!' }, 'required', 'Fiscais') // 'A lista de fiscais é obrigatória!'
 * @example ruleMessage(undefined, 'decimalPlaces', 'Taxa', 13) // 'O campo Taxa deve conter no máximo 13 casas decimais.'
 */
export function ruleMessage(messages: Partial<Record<string, string>> | undefined, rule: string, label: string, n?: number | string, fallback?: string): string {
  const template = messages?.[rule] ?? fallback ?? (RULE_DEFAULTS as Record<string, string>)[rule] ?? 'O campo {label} é inválido.';
  return template.replaceAll('{label}', label).replaceAll('{n}', n === undefined ? '' : String(n));
}
