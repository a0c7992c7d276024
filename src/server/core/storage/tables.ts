import type { Generated, Timestamp } from '../../../../generated/database.js';

// The space's `files` table (./migrations), declared in the space database's type beside the generated tables.
declare module '../../../../generated/database.js' {
  interface SpaceDatabase {
    files: FilesTable;
  }
}

/** A file of a `file` field: what a record shows of it, and where its bytes are. */
export interface FilesTable {
  /** A UUID, made by the server at the upload. */
  id: string;
  module: string;
  field: string;
  /** The record that claimed it; null while no save has (an upload swept after a day). */
  record_id: number | null;
  name: string;
  size: number;
  content_type: string;
  /** `<module>/<field>/<id>`: the key of the bytes in the storage. */
  storage_key: string;
  /** The file service holding the bytes (`file_service_types`); null for the space's own folder. */
  service_id: number | null;
  /** The bytes themselves, for a file the product ships with the space (a report design); null for every upload, whose bytes a storage holds. */
  content: Generated<Buffer | null>;
  uploaded_by: number | null;
  created_at: Generated<Timestamp>;
}
