import type { Generated, Json, Timestamp } from '../../../../generated/database.js';

// The imports, their rows, counts and remembered mappings (./migrations), declared in the space
// database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    imports: ImportsTable;
    import_rows: ImportRowsTable;
    import_mappings: ImportMappingsTable;
    import_counts: ImportCountsTable;
  }
}

export interface ImportsTable {
  id: Generated<number>;
  module: string;
  user_id: number | null;
  file_name: string;
  headers: Json;
  mapping: Json;
  /** draft, checked, queued, running, done, failed. */
  status: Generated<string>;
  total_rows: Generated<number>;
  counts: Generated<Json>;
  attempts: Generated<number>;
  heartbeat_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  error_reason: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface ImportRowsTable {
  id: Generated<number>;
  import_id: number;
  line: number;
  cells: Json;
  /** create, update, skip, error; null until checked. */
  action: string | null;
  errors: Json | null;
  record_id: number | null;
  done: Generated<boolean>;
}

export interface ImportMappingsTable {
  module: string;
  mapping: Json;
  updated_at: Generated<Timestamp>;
}

/** The rows of an import by action ('' before the check) and whether done, kept by triggers on import_rows. */
export interface ImportCountsTable {
  import_id: number;
  action: string;
  done: boolean;
  rows: number;
}
