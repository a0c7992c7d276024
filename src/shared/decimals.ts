import Decimal from 'decimal.js';

/**
 * Exact decimals, the same on the server and in the browser: a decimal travels as text
 * (`'1234.5678'`), is checked and converted with decimal.js and is never a JS number, which would
 * keep only about 16 significant digits (`0.1 + 0.2`).
 */

/** An exact decimal's size: digits before and after the point. */
export interface Digits {
  integer: number;
  fraction: number;
}

/** The API's form of a decimal: digits, an optional point and more digits, an optional minus. */
export const DECIMAL_PATTERN = '^-?\\d+(\\.\\d+)?$';
const API_FORM = new RegExp(DECIMAL_PATTERN);

/** The size of `money`: the column is `numeric(15,2)`. */
export const MONEY_DIGITS: Digits = { integer: 13, fraction: 2 };

export const decimalMessages = {
  notANumber: (label: string) => `O campo ${label} deve ser um número.`,
  sentAsNumber: (label: string) => `O campo ${label} deve ser enviado como texto, como "1234.5678", para que nenhuma casa decimal se perca.`,
  // The specification's words, 'maximo' unaccented as it quotes it.
  fraction: (label: string, n: number) => `O campo ${label} deve conter no máximo ${n} casas decimais.`,
  integer: (label: string, n: number) => `O campo ${label} deve conter no maximo ${n} casas inteiras.`,
  minimum: (label: string, limit: string) => `O campo ${label} deve ser no mínimo ${limit}.`,
  maximum: (label: string, limit: string) => `O campo ${label} deve ser no máximo ${limit}.`,
};

/** Whether `value` is a decimal in the API's form (`'-1234.5678'`). */
export const isApiDecimal = (value: unknown): value is string => typeof value === 'string' && API_FORM.test(value);

/**
 * A JSON number as the API's text, when the number cannot have lost a digit on its way: a whole
 * number up to 2^53 − 1. A number with a fraction may already be a rounding of what was sent
 * (`0.1` arrives as 0.1000000000000000055…), so it is refused and stays a number.
 */
export function exactText(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
}

/** `'1234.5678000'` → `'1234.5678'`, `'-0'` → `'0'`, `'007'` → `'7'`: the decimal as stored and compared. */
export function normaliseDecimal(value: string): string {
  return new Decimal(value).toFixed();
}

/** How many digits a decimal has before the point (leading zeros do not count: `0.5` has none). */
function integerDigits(value: Decimal): number {
  const whole = value.abs().trunc();
  return whole.isZero() ? 0 : whole.toFixed().length;
}

/**
 * The first thing wrong with a decimal in the API's form, in the specification's words, or
 * undefined: too many decimal places, too many integer digits, or beyond the field's bounds.
 * Trailing zeros after the point do not count (`'1.50'` has one decimal place).
 */
export function decimalProblem(value: string, label: string, digits: Digits, bounds: { minimum?: number; maximum?: number } = {}): string | undefined {
  if (!isApiDecimal(value)) return decimalMessages.notANumber(label);
  const number = new Decimal(value);
  if (number.decimalPlaces() > digits.fraction) return decimalMessages.fraction(label, digits.fraction);
  if (integerDigits(number) > digits.integer) return decimalMessages.integer(label, digits.integer);
  if (bounds.minimum !== undefined && number.lessThan(String(bounds.minimum))) return decimalMessages.minimum(label, formatDecimal(String(bounds.minimum)));
  if (bounds.maximum !== undefined && number.greaterThan(String(bounds.maximum))) return decimalMessages.maximum(label, formatDecimal(String(bounds.maximum)));
  return undefined;
}

/** Intl formats a numeric string exactly (no float in between); 20 places is its limit and the language's. */
const PT_BR = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 20 });
const PT_BR_CENTS = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `'1234.5678000'` → `'1.234,5678'` (every significant place, none added); not a decimal → as given. */
export function formatDecimal(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (!isApiDecimal(text)) return text;
  return PT_BR.format(normaliseDecimal(text) as Intl.StringNumericLiteral);
}

/** `'1234.5'` → `'1.234,50'`: an amount's two places, rounded half up past them. */
export function formatCents(value: string): string {
  return PT_BR_CENTS.format(new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP) as Intl.StringNumericLiteral);
}

/**
 * What a person types in pt-BR → the API's form: dots group thousands, the comma is the decimal
 * point (`'1.234,5678'` → `'1234.5678'`, `'-0,5'` → `'-0.5'`). Null when empty, undefined when it is
 * not a number (`'1,2,3'`, `'12a'`, a dot that groups no thousands).
 */
export function parseTypedDecimal(typed: string): string | null | undefined {
  const text = typed.trim().replace(/\s/g, '');
  if (text === '') return null;
  const match = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction] = match;
  return normaliseDecimal(`${sign}${whole.replace(/\./g, '')}${fraction ? `.${fraction}` : ''}`);
}
