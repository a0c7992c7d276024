import { invalid } from '../../core/http/app-error.js';

export const POSTAL_CODE_MESSAGES = {
  invalid: 'CEP inválido: informe os 8 dígitos do CEP.',
  notFound: 'CEP não encontrado.',
  unavailable: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
} as const;

/**
 * The 8 digits of a postal code as people write it, with its hyphen or dots (`01001-000`,
 * `01.001-000`); a 422 on `cep` for anything else.
 * @example postalCodeDigits('01001-000') // '01001000'
 */
export function postalCodeDigits(text: string): string {
  const digits = text.trim().replace(/[-.]/g, '');
  if (!/^\d{8}$/.test(digits)) throw invalid({ cep: [POSTAL_CODE_MESSAGES.invalid] }, POSTAL_CODE_MESSAGES.invalid);
  return digits;
}

/** @example formatPostalCode('01001000') // '01001-000' */
export function formatPostalCode(digits: string): string {
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}
