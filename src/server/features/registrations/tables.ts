import type { Generated, Timestamp } from '../../../../generated/database.js';

// A registration's situation history (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    registration_situations: RegistrationSituationsTable;
  }
}

/** One situation a registration entered: the first on insert, then each move. */
export interface RegistrationSituationsTable {
  id: Generated<number>;
  registration_id: number;
  situation_id: number;
  /** The situation it left (null for the first). */
  previous_situation_id: number | null;
  /** The day it entered the situation (a calendar date of the council's calendar). */
  situation_date: string;
  user_id: number | null;
  created_at: Generated<Timestamp>;
}
