/**
 * The mask language of a sequence's `formatting` (docs/SEQUENCES.md): fields in braces, everything
 * else literal. `{numero}` the number (`{numero:6}`: zeros on the left up to 6 digits, never cut),
 * `{ano}` / `{ano:4}` / `{ano:2}` the year, `{livro}`, `{folha}`, `{ordem}` (each with an optional
 * width); `{{` and `}}` write a brace. Names ignore case and accents (`{Número}` is `{numero}`).
 * The draw and `POST /api/sequencias/mask_preview` both format through `formatNumber`.
 */

export type MaskPart = 'number' | 'year' | 'book' | 'leaf' | 'order';
export type MaskToken = { text: string } | { part: MaskPart; width: number | null };

/** What a drawn number fills a mask with. */
export interface MaskValues {
  number: number;
  year: number;
  book?: number | null;
  leaf?: number | null;
  order?: number | null;
}

/** A mask that cannot be read; its message (pt-BR) goes on the `formatting` field. */
export class MaskError extends Error {
  override name = 'MaskError';
}

/** The widest a field may be padded. */
export const MAX_WIDTH = 20;

const NAMES: Record<string, MaskPart> = { numero: 'number', ano: 'year', livro: 'book', folha: 'leaf', ordem: 'order' };
const BOOK_PARTS: readonly MaskPart[] = ['book', 'leaf', 'order'];

export const MASK_MESSAGES = {
  unclosed: 'A formatação abre uma chave "{" que não fecha: feche-a com "}" ou escreva "{{" para mostrar "{".',
  unopened: 'A formatação fecha uma chave "}" que não abriu: escreva "}}" para mostrar "}".',
  unknown: (field: string) => `"{${field}}" não é um campo da formatação: use {numero}, {ano}, {livro}, {folha} ou {ordem}.`,
  width: (field: string) => `Em "{${field}}", a quantidade de dígitos deve ser um número de 1 a ${MAX_WIDTH}.`,
  yearWidth: (field: string) => `Em "{${field}}", o ano tem 2 ou 4 dígitos: use {ano}, {ano:4} ou {ano:2}.`,
  noNumber: 'A formatação precisa conter o número: {numero}.',
  annualNeedsYear: 'Com reinício anual, a formatação precisa conter o ano ({ano} ou {ano:2}): sem ele, os números se repetiriam a cada ano.',
  bookNeedsBook: 'A formatação usa {livro}, {folha} ou {ordem}, mas a sequência não possui livro.',
} as const;

const plain = (name: string) => name.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();

function fieldToken(inner: string): MaskToken {
  const [rawName, rawWidth, ...rest] = inner.split(':');
  const part = NAMES[plain(rawName)];
  if (!part || rest.length > 0) throw new MaskError(MASK_MESSAGES.unknown(inner));
  if (rawWidth === undefined) return { part, width: null };
  const width = /^\s*\d{1,2}\s*$/.test(rawWidth) ? Number(rawWidth) : NaN;
  if (part === 'year') {
    if (width !== 2 && width !== 4) throw new MaskError(MASK_MESSAGES.yearWidth(inner));
  } else if (!(width >= 1 && width <= MAX_WIDTH)) throw new MaskError(MASK_MESSAGES.width(inner));
  return { part, width };
}

/** Masks read before: a draw formats while it holds its sequence, so it should not read the mask again. */
const readMasks = new Map<string, readonly MaskToken[] | MaskError>();
const MAX_READ_MASKS = 500;

/**
 * The tokens of a mask; throws `MaskError` with the pt-BR message when it cannot be read.
 * @example parseMask('{numero:6}/{ano}') // [{part:'number',width:6},{text:'/'},{part:'year',width:null}]
 */
export function parseMask(mask: string): readonly MaskToken[] {
  let read = readMasks.get(mask);
  if (!read) {
    try {
      read = Object.freeze(readMask(mask));
    } catch (error) {
      if (!(error instanceof MaskError)) throw error;
      read = error;
    }
    if (readMasks.size >= MAX_READ_MASKS) readMasks.clear();
    readMasks.set(mask, read);
  }
  if (read instanceof MaskError) throw new MaskError(read.message);
  return read;
}

function readMask(mask: string): MaskToken[] {
  const tokens: MaskToken[] = [];
  let text = '';
  for (let i = 0; i < mask.length; i++) {
    const char = mask[i];
    if ((char === '{' || char === '}') && mask[i + 1] === char) {
      text += char;
      i += 1;
    } else if (char === '}') {
      throw new MaskError(MASK_MESSAGES.unopened);
    } else if (char === '{') {
      const end = mask.indexOf('}', i + 1);
      const inner = end < 0 ? '' : mask.slice(i + 1, end);
      if (end < 0 || inner.includes('{')) throw new MaskError(MASK_MESSAGES.unclosed);
      if (text) tokens.push({ text });
      text = '';
      tokens.push(fieldToken(inner));
      i = end;
    } else text += char;
  }
  if (text) tokens.push({ text });
  return tokens;
}

function digits(value: number | null | undefined, width: number | null): string {
  if (value === null || value === undefined) return '';
  return width === null ? String(value) : String(value).padStart(width, '0');
}

/**
 * The formatted number: the mask filled with the values; no mask (null or blank) gives the number as
 * it is. A value wider than its field is written whole, so two numbers never format alike.
 * @example formatNumber('{numero:6}/{ano}', { number: 123, year: 2026 }) // '000123/2026'
 */
export function formatNumber(mask: string | null | undefined, values: MaskValues): string {
  if (mask === null || mask === undefined || mask.trim() === '') return String(values.number);
  return parseMask(mask)
    .map((token) => {
      if ('text' in token) return token.text;
      if (token.part === 'year') return token.width === 2 ? String(values.year % 100).padStart(2, '0') : String(values.year).padStart(4, '0');
      return digits(values[token.part], token.width);
    })
    .join('');
}

/**
 * What is wrong with a sequence's mask, or null: it must be readable, hold the number, the year
 * when numbers restart every year, and book fields only when the sequence keeps a book. No mask is
 * fine unless the numbers restart every year.
 */
export function maskProblem(mask: string | null | undefined, sequence: { annualRestart?: boolean; hasBook?: boolean }): string | null {
  const blank = mask === null || mask === undefined || mask.trim() === '';
  let parts: MaskPart[] = [];
  if (!blank) {
    try {
      parts = parseMask(mask).flatMap((token) => ('part' in token ? [token.part] : []));
    } catch (error) {
      if (error instanceof MaskError) return error.message;
      throw error;
    }
    if (!parts.includes('number')) return MASK_MESSAGES.noNumber;
  }
  if (sequence.annualRestart && !parts.includes('year')) return MASK_MESSAGES.annualNeedsYear;
  if (sequence.hasBook === false && parts.some((part) => BOOK_PARTS.includes(part))) return MASK_MESSAGES.bookNeedsBook;
  return null;
}
