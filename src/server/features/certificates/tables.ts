import type { Generated, Timestamp } from '../../../../generated/database.js';

// The certificates (./migrations) in the space database's type, and the codes reserved and the
// public verification's counts (./platform-migrations) in the platform's, beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    certificates: CertificatesTable;
  }
  interface PlatformDatabase {
    certificate_codes: CertificateCodesTable;
    rate_limit_hits: RateLimitHitsTable;
  }
}

export interface CertificatesTable {
  id: Generated<number>;
  code: string;
  template_id: number;
  registration_id: number;
  kind: string;
  title: string;
  body: string;
  holder_name: string;
  holder_tax_id: string | null;
  registration_number: string | null;
  /** `date`: read as its text. */
  issued_on: string;
  valid_until: string;
  file_id: string | null;
  issued_by: number | null;
  issued_at: Generated<Timestamp>;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  revoke_reason: string | null;
}

/** Which space holds a certificate's code. */
export interface CertificateCodesTable {
  code: string;
  space_name: string;
  created_at: Generated<Timestamp>;
}

/** Requests of the public verification per address and minute. */
export interface RateLimitHitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}
