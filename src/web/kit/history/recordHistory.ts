import { useDataProvider } from 'react-admin';
import type { FieldChange, RecordVersion } from '../../../shared/contracts/record-history';

export type { FieldChange, RecordVersion };

/** The data provider's methods for a record's history (the shell adds them to its data provider). */
export interface RecordHistory {
  versions(module: string, id: string | number): Promise<RecordVersion[]>;
  /** Brings the record back to the version; rejects with the server's answer (`message`, field `errors`). */
  restoreVersion(module: string, id: string | number, version: number): Promise<void>;
}

export const useRecordHistory = () => useDataProvider() as unknown as Partial<RecordHistory>;
