import type { Generated, Json, Timestamp } from '../../../../generated/database.js';

// The annual generation's runs (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    receivable_generations: ReceivableGenerationsTable;
  }
}

export interface ReceivableGenerationsTable {
  id: Generated<number>;
  year: number;
  debt_type_id: number;
  /** dry, commit. */
  kind: string;
  /** dry runs: done; commits: queued, running, done, failed. */
  state: string;
  dry_run_id: number | null;
  totals: Generated<Json>;
  done: Generated<number>;
  total: Generated<number>;
  cursor: Generated<number>;
  /** The council's day the run was asked on: the posting date of what it bills. */
  run_date: string;
  attempts: Generated<number>;
  heartbeat_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  error_reason: string | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
