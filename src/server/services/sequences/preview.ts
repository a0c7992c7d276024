import { addError, invalid, type FieldErrors } from '../../core/http/app-error.js';
import { MAX_INTEGER } from './draw.js';
import { formatNumber, maskProblem } from './mask.js';
import { currentYear } from './year.js';

const MAX_MASK = 255;

type Body = Record<string, unknown>;
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A whole number from JSON or a form post (`"12"`), within bounds; undefined when absent, NaN when wrong. */
function integerOf(value: unknown, min: number, max: number): number | undefined {
  if (!given(value)) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : NaN;
}

/** A yes/no from JSON or a form post; undefined when absent. */
function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

const range = (label: string, min: number, max: number) => `O campo ${label} deve ser um número inteiro de ${min.toLocaleString('pt-BR')} a ${max.toLocaleString('pt-BR')}.`;

/**
 * `{formatting, number}`, both required (and, optionally, `year`, `book`, `leaf`, `order`, and `annual_restart` /
 * `has_book` to check the mask as a save of the sequence would) → the formatted number, exactly as a
 * draw formats it. Bad input is a 422 on its field.
 * @example previewMask({ formatting: '{numero:6}/{ano}', number: 123, year: 2026 }) // '000123/2026'
 */
export function previewMask(body: Body): string {
  const errors: FieldErrors = {};
  const { formatting } = body;
  // There is nothing to preview without a mask (a sequence without one writes the number as it is).
  if (!given(formatting) || (typeof formatting === 'string' && formatting.trim() === '')) addError(errors, 'formatting', 'O campo Formatação é obrigatório.');
  else if (typeof formatting !== 'string') addError(errors, 'formatting', 'O campo Formatação deve ser um texto.');
  else if (formatting.length > MAX_MASK) addError(errors, 'formatting', `O campo Formatação não pode ter mais de ${MAX_MASK} caracteres.`);
  const number = integerOf(body.number, 0, MAX_INTEGER);
  if (number === undefined) addError(errors, 'number', 'O campo Número é obrigatório.');
  else if (Number.isNaN(number)) addError(errors, 'number', range('Número', 0, MAX_INTEGER));
  const year = integerOf(body.year, 1, 9999);
  if (Number.isNaN(year)) addError(errors, 'year', range('Ano', 1, 9999));
  const position: Record<'book' | 'leaf' | 'order', number | undefined> = { book: undefined, leaf: undefined, order: undefined };
  for (const [name, label] of [['book', 'Livro'], ['leaf', 'Folha'], ['order', 'Ordem']] as const) {
    position[name] = integerOf(body[name], 0, MAX_INTEGER);
    if (Number.isNaN(position[name])) addError(errors, name, range(label, 0, MAX_INTEGER));
  }
  const mask = typeof formatting === 'string' ? formatting.trim() : null;
  if (!errors.formatting) {
    const problem = maskProblem(mask, { annualRestart: booleanOf(body.annual_restart), hasBook: booleanOf(body.has_book) });
    if (problem) addError(errors, 'formatting', problem);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return formatNumber(mask, { number: number!, year: year ?? currentYear(), book: position.book ?? 1, leaf: position.leaf ?? 1, order: position.order ?? 1 });
}
