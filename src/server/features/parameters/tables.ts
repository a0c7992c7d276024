import type { Generated, Timestamp } from '../../../../generated/database.js';

// The parameters table (./migrations), declared in the space database's type beside the generated ones.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    parameters: ParametersTable;
  }
}

export interface ParametersTable {
  id: Generated<number>;
  name: string;
  label: string;
  scope: 'front' | 'back';
  type: string;
  value: string | null;
  default_value: string | null;
  use_default: Generated<boolean>;
  minimum: number | null;
  maximum: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
