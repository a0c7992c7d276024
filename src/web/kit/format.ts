import { formatCents, isApiDecimal } from '../../shared/decimals';

/**
 * Pure formatting of the pt-BR display forms the kit shows and the API forms it sends.
 * No React here, so the unit tests and the list cells share one implementation.
 */

/** `1234.56` or `'1234.56'` → `'1.234,56'` through decimal.js (no float in between); empty → `''`. */
export function formatMoneyDigits(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? String(value) : String(value).replace(/\s/g, '');
  return isApiDecimal(text) ? formatCents(text) : String(value);
}

/** `1234.56` → `'R$ 1.234,56'` (the read-only form). */
export function formatMoney(value: unknown): string {
  const digits = formatMoneyDigits(value);
  return digits === '' ? '' : `R$ ${digits}`;
}

/**
 * What a person types in a money input → the API's decimal string. Typing shifts digits in from the
 * right like a cash register: `'123456'` → `'1234.56'`, `'1.234,5'` → `'123.45'`. Empty → null.
 */
export function parseTypedMoney(typed: string): string | null {
  const negative = typed.trim().startsWith('-');
  const digits = typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return null;
  const padded = digits.padStart(3, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/** Mask placeholders: `0` a digit, `A` a letter, `*` a letter or digit; anything else is a literal. */
const MASK_SLOTS: Record<string, RegExp> = { '0': /\d/, A: /[a-zA-Z]/, '*': /[a-zA-Z0-9]/ };

/** The masks of the kinds whose shape is fixed (CNPJ allows letters in its first twelve places). */
export const KIND_MASKS = {
  cpf: '000.000.000-00',
  cnpj: '**.***.***/****-00',
  cep: '00000-000',
} as const;

/** Phone: (00) 0000-0000 for landlines, (00) 00000-0000 for mobiles. */
export function phoneMask(value: string): string {
  return value.replace(/\D/g, '').length > 10 ? '(00) 00000-0000' : '(00) 0000-00000';
}

/**
 * Applies a mask to what was typed, keeping only characters that fit the slots and inserting the
 * literals: `applyMask('000.000.000-00', '12345678901')` → `'123.456.789-01'`.
 */
export function applyMask(mask: string, typed: string): string {
  const chars = typed.replace(/[^a-zA-Z0-9]/g, '').split('');
  let out = '';
  let pending = '';
  for (const slot of mask) {
    if (chars.length === 0) break;
    const test = MASK_SLOTS[slot];
    if (!test) {
      pending += slot;
      continue;
    }
    while (chars.length > 0 && !test.test(chars[0])) chars.shift();
    if (chars.length === 0) break;
    out += pending + (slot === '0' ? chars.shift()! : chars.shift()!.toUpperCase());
    pending = '';
  }
  return out;
}

/** `'2024-03-05'` (or an ISO datetime) → `'05/03/2024'`. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value.length < 10) return value == null ? '' : String(value);
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An ISO or `YYYY-MM-DD HH:mm:ss` datetime → `'05/03/2024 14:07:09'` in the browser's time zone. */
export function formatDateTime(value: unknown): string {
  if (value == null || value === '') return '';
  const text = String(value);
  const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : text.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return text;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * A moment on the council's clock as the server writes it, `'2026-11-27 23:59:59'`, as a person reads
 * it: `'27/11/2026 23:59'`, the digits as written (no time zone moves them). Anything else as it is.
 */
export function formatMoment(value: unknown): string {
  if (value == null) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(String(value));
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : String(value);
}

/** A datetime-local input value `'2024-03-05T14:07'` → the API form `'2024-03-05 14:07:00'`. */
export function toApiDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const [date, time = '00:00'] = value.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time.slice(0, 8)}`;
}

/** The API datetime → what a datetime-local input holds (`YYYY-MM-DDTHH:mm`), in local time. */
export function toInputDateTime(value: unknown): string {
  if (value == null || value === '') return '';
  const text = String(value);
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return text.replace(' ', 'T').slice(0, 16);
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `true` → 'Sim', `false` → 'Não', anything else → ''. */
export function formatBoolean(value: unknown): string {
  return value === true ? 'Sim' : value === false ? 'Não' : '';
}

/** The spec's theme palette with its Portuguese names. */
export const PALETTE: { id: string; name: string }[] = [
  { id: '#3ac9d6', name: 'Azul' },
  { id: '#f44336', name: 'Vermelho' },
  { id: '#9c27b0', name: 'Roxo' },
  { id: '#4caf50', name: 'Verde' },
  { id: '#ffeb3b', name: 'Amarelo' },
  { id: '#ff9800', name: 'Laranja' },
  { id: '#ffffff', name: 'Branco' },
  { id: '#000000', name: 'Preto' },
];
