import type { Generated, Timestamp } from '../../../../generated/database.js';

// The institution's settings (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    institution_settings: InstitutionSettingsTable;
  }
}

/** The space's one row of institution settings (`id` 1). */
export interface InstitutionSettingsTable {
  id: Generated<number>;
  /** The party of the institution (a legal entity): the default employer of a work relation. */
  institution_id: number | null;
  /** The party of its president (a physical person). */
  president_id: number | null;
  /** Whether a change of institution moves the current work relations to the new one. */
  update_job_relations: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
