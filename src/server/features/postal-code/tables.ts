import type { Generated, Timestamp } from '../../../../generated/database.js';

// The postal-code cache (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    postal_code_cache: PostalCodeCacheTable;
  }
}

/** One code's last answer: the address a provider gave (`found`), or that none knew the code. */
export interface PostalCodeCacheTable {
  /** The 8 digits. */
  postal_code: string;
  found: boolean;
  /** The provider that answered (`viacep`, `brasilapi`); null when none knew the code. */
  provider: string | null;
  uf: string | null;
  ibge_code: number | null;
  city: string | null;
  neighborhood: string | null;
  street: string | null;
  complement: string | null;
  looked_up_at: Generated<Timestamp>;
}
