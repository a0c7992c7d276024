import { invalid } from './app-error.js';

export const NOT_AN_OBJECT = 'O corpo da requisição deve ser um objeto.';

/**
 * The body of a write as an object: a JSON scalar, array or `null` (or plain text) is a 422 on `_`;
 * no body at all reads as `{}`, so each field's own rule speaks.
 * @example const body = objectBody(request.body); // throws 422 for `42`, `"x"`, `null`, `[]`
 */
export function objectBody(input: unknown): Record<string, unknown> {
  if (input === undefined) return {};
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw invalid({ _: [NOT_AN_OBJECT] });
  return input as Record<string, unknown>;
}

/**
 * A text field of a body a route reads by hand: trimmed, blank (absent, `null`, spaces) as null, a
 * number as its digits; any other type (a list, an object, yes/no) is a 422 on the field, never text
 * made of it ('[object Object]').
 * @example bodyText(' Vistoria ', 'notes', 'Observações') // 'Vistoria'
 */
export function bodyText(value: unknown, field: string, label: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) throw invalid({ [field]: [`O campo ${label} deve ser um texto.`] });
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}
