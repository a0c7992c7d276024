import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import Decimal from 'decimal.js';

/** The specification's messages for the custom validators; the server and the browser both show these. */
export const VALIDATOR_MESSAGES = {
  cpf: 'CPF Inválido',
  cnpj: 'CNPJ Inválido',
  money: 'Este campo deve ter um valor decimal',
} as const;

/** CPF: 11 digits with valid check digits, not all equal; punctuation (000.000.000-00) is accepted. */
export function isCpf(value: string): boolean {
  return isValidCpf(value);
}

/**
 * CNPJ: 14 characters with valid check digits; since July 2026 the first twelve may be letters
 * (the alphanumeric CNPJ), so both forms are accepted, with or without punctuation.
 */
export function isCnpj(value: string): boolean {
  return isValidCnpj(value, { version: 2 });
}

/**
 * A valid CPF or CNPJ in its one written form (`123.456.789-09`, `12.345.678/0001-95`), however it
 * was typed, so a unique index and a look-up by the number find it; anything else as given (the
 * validator answers for it).
 * @example canonicalTaxId('cpf', '12345678909') // '123.456.789-09'
 */
export function canonicalTaxId(kind: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (kind === 'cpf' && isCpf(value)) return formatCpf(value.replace(/\D/g, ''));
  if (kind === 'cnpj' && isCnpj(value)) return formatCnpj(value.replace(/[^0-9A-Za-z]/g, '').toUpperCase(), { version: 2 });
  return value;
}

/**
 * Money as a person types it: digits with a comma and at least two decimals, thousands optionally
 * grouped by dots (`1.234,56`, `1234,56`). The API also takes the plain decimal form `1234.56`.
 */
export function isMoney(value: string | number): boolean {
  // A JSON number is taken as its shortest text (12.5 → '12.5'), so it counts only with two places at most.
  if (typeof value === 'number') return Number.isFinite(value) && new Decimal(value).decimalPlaces() <= 2;
  return /^-?(\d{1,3}(\.\d{3})*|\d+),\d{2,}$/.test(value) || /^-?\d+(\.\d{1,2})?$/.test(value);
}

/** `1.234,56` or `1234.56` → `1234.56` (the form the database stores), through decimal.js: no float in between. */
export function parseMoney(value: string | number): string {
  const plain = typeof value === 'string' && value.includes(',') ? value.replace(/\./g, '').replace(',', '.') : value;
  return new Decimal(plain).toFixed(2, Decimal.ROUND_HALF_UP);
}

const IPV4 = fullFormats.ipv4 as RegExp;
const IPV6 = fullFormats.ipv6 as RegExp;

/** Whether text is an IP address: `ip` either version, `ipv4` or `ipv6` one of them (ajv-formats' patterns). */
export function isIpAddress(value: string, version: 'ip' | 'ipv4' | 'ipv6' = 'ip'): boolean {
  return (version !== 'ipv6' && IPV4.test(value)) || (version !== 'ipv4' && IPV6.test(value));
}

/** The message of a text field that is not an IP address. */
export const ipAddressMessage = (label: string) => `O campo ${label} deve ser um endereço IP válido.`;
