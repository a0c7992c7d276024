/**
 * A certificate's code: 20 letters and digits of RFC 4648's base32 (100 random bits), shown in four
 * groups (`ABCDE-FGHIJ-KLMNO-PQRST`) and read back with or without the hyphens, in either case.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const CODE_LENGTH = 20;

export function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  // 256 is a multiple of 32: each byte's low five bits are uniform.
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
}

/** `ABCDEFGHIJKLMNOPQRST` → `ABCDE-FGHIJ-KLMNO-PQRST`. */
export const formattedCode = (code: string): string => code.match(/.{1,5}/g)!.join('-');

/** The code a person typed or a link carried, or null when it cannot be one (nothing is looked up then). */
export function readCode(text: unknown): string | null {
  if (typeof text !== 'string' || text.length > 64) return null;
  const code = text.replace(/-/g, '').toUpperCase();
  return code.length === CODE_LENGTH && /^[A-Z2-7]+$/.test(code) ? code : null;
}
