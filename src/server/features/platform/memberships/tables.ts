import type { Generated, Timestamp } from '../../../../../generated/database.js';

// The memberships table (../migrations), declared in the platform database's type beside the generated ones.
declare module '../../../../../generated/database.js' {
  interface PlatformDatabase {
    space_memberships: SpaceMembershipsTable;
  }
}

export interface SpaceMembershipsTable {
  id: Generated<number>;
  email: string;
  tenant_config_id: number;
  active: Generated<boolean>;
  /** The space, and the user of that space, that added (or last re-added) the person. */
  added_in: string | null;
  added_by: number | null;
  added_at: Generated<Timestamp>;
  removed_in: string | null;
  removed_by: number | null;
  removed_at: Timestamp | null;
}
