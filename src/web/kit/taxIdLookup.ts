import { useDataProvider } from 'react-admin';

/** The data provider method a look-up by CPF or CNPJ asks (`x-lookup`; the shell adds it to its data provider). */
export interface TaxIdLookupProvider {
  /** `GET /api/{module}/{by}/{number}`: the record found; rejects with the answer's status (404, 422) when there is none. */
  lookUpTaxId(module: string, by: 'cpf' | 'cnpj', number: string): Promise<Record<string, unknown>>;
}

export const useTaxIdLookup = () => useDataProvider() as unknown as Partial<TaxIdLookupProvider>;

export const TAX_ID_LOOKUP_NOTES = {
  asking: 'Consultando…',
  // The specification's words for a look-up that finds nothing (spec 001 §8).
  notFound: 'Nenhum Resultado',
  failed: 'Não foi possível consultar. Tente de novo.',
} as const;
