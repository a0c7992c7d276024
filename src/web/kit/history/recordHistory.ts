import { useDataProvider } from 'react-admin';

/** One field a version changed, as `GET /api/{module}/{id}/versions` reads it. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** A row of a record's history. */
export interface RecordVersion {
  id: number;
  event: string;
  event_label: string;
  created_at: string;
  user_name: string | null;
  user_email: string | null;
  changes: FieldChange[];
  restorable: boolean;
}

/** The data provider's methods for a record's history (the shell adds them to its data provider). */
export interface RecordHistory {
  versions(module: string, id: string | number): Promise<RecordVersion[]>;
  /** Brings the record back to the version; rejects with the server's answer (`message`, field `errors`). */
  restoreVersion(module: string, id: string | number, version: number): Promise<void>;
}

export const useRecordHistory = () => useDataProvider() as unknown as Partial<RecordHistory>;
