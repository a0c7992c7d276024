/**
 * The rule of a list's free-text search (`q`), which the server applies and the list screen states.
 * Every word typed (split on spaces) must be found in one of the list's searchable fields, case and
 * accents aside:
 * - in a text, a word of SEARCH_ANYWHERE_LENGTH characters or more anywhere ('asad' finds
 *   'Casado(a)'), a shorter word at the start of one of the text's words ('a' finds 'Casado(a)' and
 *   'Ana Souza', not 'União estável'): a piece of one or two characters anywhere in a million names
 *   would be read name by name, where a word's start is read from the field's trigram index;
 * - in a CPF or CNPJ, at the start of the number, typed with or without its marks, whatever its
 *   length ('529982' and '52' find '529.982.247-25', '982' does not);
 * - a searched reference (a registration's party) is found by the referenced list's own rule: its
 *   name, its CPF/CNPJ by the start.
 */
export const SEARCH_ANYWHERE_LENGTH = 3;

/** The words of a search as the server splits them. */
export const searchWords = (q: string): string[] => q.split(/\s+/).filter(Boolean);

/** Whether a typed word is read as the start of a CPF or CNPJ (digits, with or without their marks). */
export const isTaxIdStart = (word: string): boolean => taxIdPrefix('cpf', word) !== null || taxIdPrefix('cnpj', word) !== null;

const quoted = (words: string[]) => {
  const each = words.map((word) => `“${word}”`);
  return each.length === 1 ? each[0] : `${each.slice(0, -1).join(', ')} e ${each[each.length - 1]}`;
};

/**
 * What the list screen says under its search box when the typed search is read by a start: its
 * short words, and a number on a list that searches CPFs or CNPJs (`byStart`: those fields' labels).
 * Null when every word is searched anywhere.
 * @example searchHint('a silva', []) // '“a” tem menos de 3 caracteres: é procurado no início das palavras.'
 * @example searchHint('529982', ['CPF']) // 'O CPF é procurado pelo início do número.'
 */
export function searchHint(q: string, byStart: string[]): string | null {
  const words = searchWords(q);
  const short = words.filter((word) => word.length < SEARCH_ANYWHERE_LENGTH);
  const lines: string[] = [];
  if (short.length === 1) lines.push(`${quoted(short)} tem menos de ${SEARCH_ANYWHERE_LENGTH} caracteres: é procurado no início das palavras.`);
  if (short.length > 1) lines.push(`${quoted(short)} têm menos de ${SEARCH_ANYWHERE_LENGTH} caracteres: são procurados no início das palavras.`);
  if (byStart.length > 0 && words.some(isTaxIdStart)) {
    lines.push(byStart.length === 1 ? `O ${byStart[0]} é procurado pelo início do número.` : `${byStart.slice(0, -1).join(', ')} e ${byStart[byStart.length - 1]} são procurados pelo início do número.`);
  }
  return lines.length > 0 ? lines.join(' ') : null;
}

/** How each number is written: its groups of digits and the mark before each group but the first. */
const TAX_ID_LAYOUTS = {
  cpf: { groups: [3, 3, 3, 2], marks: ['.', '.', '-'] },
  cnpj: { groups: [2, 3, 3, 4, 2], marks: ['.', '.', '/', '-'] },
} as const;

/**
 * The start of a CPF or CNPJ in its written form, from what a person typed with or without
 * punctuation, so a search by the first digits finds the stored `529.982.247-25`: digits (a CNPJ's
 * first twelve may be letters, the alphanumeric CNPJ) and the marks `.`, `-`, `/`, with at least one
 * digit. Null for anything else, or for more characters than the number has.
 * @example taxIdPrefix('cpf', '529982') // '529.982'
 * @example taxIdPrefix('cnpj', '12abc345/01') // '12.ABC.345/01'
 */
export function taxIdPrefix(kind: keyof typeof TAX_ID_LAYOUTS, typed: string): string | null {
  const allowed = kind === 'cpf' ? /^[\d./-]+$/ : /^[\dA-Za-z./-]+$/;
  if (!allowed.test(typed) || !/\d/.test(typed)) return null;
  const characters = typed.replace(/[./-]/g, '').toUpperCase();
  const { groups, marks } = TAX_ID_LAYOUTS[kind];
  // Only the first twelve characters of a CNPJ may be letters; its check digits are digits.
  if (/\D/.test(characters.slice(12))) return null;
  let written = '';
  let at = 0;
  for (const [i, size] of groups.entries()) {
    if (at >= characters.length) break;
    written += (i > 0 ? marks[i - 1] : '') + characters.slice(at, at + size);
    at += size;
  }
  return at >= characters.length ? written : null;
}
