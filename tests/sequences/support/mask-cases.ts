/**
 * One table of masks and what they make, read by the unit tests of `formatNumber`, by the preview
 * route and by real draws (tests/sequences/mask.test.ts, api.test.ts, draw.test.ts), so the preview
 * can never show what a draw would not give.
 */
import { MASK_MESSAGES } from '../../../src/server/services/sequences/mask.js';

export interface MaskCase {
  mask: string | null;
  number: number;
  year: number;
  /** Book, leaf and order (a sequence with has_book). */
  book?: { book: number; leaf: number; order: number };
  formatted: string;
}

export const MASK_CASES: MaskCase[] = [
  { mask: null, number: 7, year: 2026, formatted: '7' },
  { mask: '{numero}', number: 123, year: 2026, formatted: '123' },
  { mask: '{numero:6}', number: 123, year: 2026, formatted: '000123' },
  { mask: '{numero:6}/{ano}', number: 123, year: 2026, formatted: '000123/2026' },
  { mask: '{numero:3}/{ano:2}', number: 4567, year: 2026, formatted: '4567/26' },
  { mask: 'CRM-{ano:4}-{numero:5}', number: 42, year: 2025, formatted: 'CRM-2025-00042' },
  { mask: '{Número:4}.{ANO:2}', number: 9, year: 2009, formatted: '0009.09' },
  { mask: 'Proc. {numero:4}/{ano}', number: 1, year: 2027, formatted: 'Proc. 0001/2027' },
  { mask: '{{{numero}}}', number: 5, year: 2026, formatted: '{5}' },
  { mask: 'L{livro:2} F{folha:3} O{ordem:3} nº {numero}', number: 15, year: 2026, book: { book: 2, leaf: 7, order: 15 }, formatted: 'L02 F007 O015 nº 15' },
  { mask: '{livro}-{folha}-{ordem}/{numero:2}', number: 3, year: 2026, book: { book: 1, leaf: 100, order: 3 }, formatted: '1-100-3/03' },
];

/** Masks that cannot be saved or previewed, and the message on `formatting`. */
export const BAD_MASKS: [string, string][] = [
  ['{numero', MASK_MESSAGES.unclosed],
  ['{numero{ano}}', MASK_MESSAGES.unclosed],
  ['{numero}}', MASK_MESSAGES.unopened],
  ['{numer}', MASK_MESSAGES.unknown('numer')],
  ['{}', MASK_MESSAGES.unknown('')],
  ['{numero:6:1}', MASK_MESSAGES.unknown('numero:6:1')],
  ['{numero:0}', MASK_MESSAGES.width('numero:0')],
  ['{numero:21}', MASK_MESSAGES.width('numero:21')],
  ['{numero:x}', MASK_MESSAGES.width('numero:x')],
  ['{numero}/{ano:3}', MASK_MESSAGES.yearWidth('ano:3')],
  ['Processo', MASK_MESSAGES.noNumber],
  ['{ano}', MASK_MESSAGES.noNumber],
];
