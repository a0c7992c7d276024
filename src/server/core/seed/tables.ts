import type { Generated, Timestamp } from '../../../../generated/database.js';

// The editions of reference data seeded (./migrations), declared in the space database's type beside
// the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    reference_seeds: ReferenceSeedsTable;
  }
}

export interface ReferenceSeedsTable {
  /** The digest of an edition (`holidays:<year>:…` for a year's holidays). */
  digest: string;
  seeded_at: Generated<Timestamp>;
}
