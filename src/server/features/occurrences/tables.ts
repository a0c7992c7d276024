import type { Generated, Timestamp } from '../../../../generated/database.js';

// The occurrences of records (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    occurrences: OccurrencesTable;
  }
}

export interface OccurrencesTable {
  id: Generated<number>;
  /** The module of the record it belongs to (`inscricao`, `pessoa_fisica`, …). */
  entity_type: string;
  entity_id: number;
  occurrence_type_id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  notes: string | null;
  number: number | null;
  formatted_number: string | null;
  /** Whether the number was drawn from the type's sequence (else typed, or none). */
  sequence_auto: Generated<boolean>;
  user_id: number | null;
  created_at: Generated<Timestamp>;
}
