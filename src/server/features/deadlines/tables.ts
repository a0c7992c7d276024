import type { Generated, Timestamp } from '../../../../generated/database.js';

// Deadlines and their histories (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    deadlines: DeadlinesTable;
    deadline_histories: DeadlineHistoriesTable;
  }
}

/** 1 Em andamento, 2 Suspenso, 3 Concluído, 4 Cancelado. */
export type DeadlineStatus = 1 | 2 | 3 | 4;

export interface DeadlinesTable {
  id: Generated<number>;
  deadline_type_id: number;
  uf_id: number | null;
  city_id: number | null;
  status: Generated<DeadlineStatus>;
  amount: number;
  /** `YYYY-MM-DD HH:mm:ss` on the council's clock (read through `to_char`). */
  base_moment: string;
  deadline_moment: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface DeadlineHistoriesTable {
  id: Generated<number>;
  deadline_id: number;
  event: string;
  amount: number | null;
  base_moment: string;
  deadline_moment: string;
  notes: string | null;
  document_id: number | null;
  user_id: number | null;
  created_at: Generated<Timestamp>;
}
