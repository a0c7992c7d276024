import type { Generated, Json, Timestamp } from '../../../../generated/database.js';

// The saved views (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    saved_views: SavedViewsTable;
  }
}

export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  module: string;
  name: string;
  role_id: number | null;
  /** The list's state (`ViewState`), written as JSON text. */
  state: Json;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
