import type { Generated, Timestamp } from '../../../../generated/database.js';

// The columns the print queue adds to the reports (./migrations), declared in the space database's
// type beside the generated ones.
declare module '../../../../generated/database.js' {
  interface ReportsTable {
    /** When the process printing the report last said it still works on it. */
    heartbeat_at: Timestamp | null;
    /** The times a process took the report. */
    attempts: Generated<number>;
  }
}
