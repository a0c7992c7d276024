import { useDataProvider } from 'react-admin';
import type { PostalCodeAnswerField, PostalCodeFill } from '../../../language/model';

/** What `GET /api/cep/{cep}` answers: the code written `00000-000`, and the address in the product's fields. */
export type PostalAddress = { postal_code: string } & Record<PostalCodeAnswerField, string | number | null>;

/** The data provider method that looks a postal code up (the shell adds it to its data provider). */
export interface PostalCodeLookup {
  /** The address of a code (its 8 digits); rejects with the answer's status (404, 503) when there is none. */
  lookUpPostalCode(digits: string): Promise<PostalAddress>;
}

export const usePostalCodeLookup = () => useDataProvider() as unknown as Partial<PostalCodeLookup>;

export const POSTAL_CODE_NOTES = {
  asking: 'Consultando o CEP…',
  notFound: 'CEP não encontrado. Preencha o endereço.',
  failed: 'Não foi possível consultar o CEP. Preencha o endereço.',
} as const;

/** The order the fields are filled in: a UF before its municipality, whose options it filters. */
const FILL_ORDER: PostalCodeAnswerField[] = ['uf_id', 'uf', 'city_id', 'city', 'neighborhood', 'street_address', 'address_complement'];

/** The pairs of `x-postal-code` (answer field, form field), a UF first. */
export function fillPairs(fill: PostalCodeFill): [PostalCodeAnswerField, string][] {
  return FILL_ORDER.flatMap((key) => (fill[key] ? [[key, fill[key]] as [PostalCodeAnswerField, string]] : []));
}

/** The 8 digits of a complete code as typed (`01001-000`), else null. */
export function completeCode(value: unknown): string | null {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  return digits.length === 8 ? digits : null;
}
