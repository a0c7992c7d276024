import { useDataProvider } from 'react-admin';

export { fileSizeText, saveBlob } from './download';

/** A file as the API answers it: in a record's file field, and after an upload. */
export interface StoredFile {
  id: string;
  name: string;
  size: number;
  content_type: string;
}

/** The data provider methods that move files (the shell adds them to its data provider). */
export interface FileTransfers {
  uploadFile(module: string, field: string, file: File): Promise<StoredFile>;
  downloadFile(module: string, id: string | number, field: string): Promise<Blob>;
  /** A download a feature serves at its own path (`/api/documento/12/download`), with the name its answer gives. */
  download(path: string): Promise<{ blob: Blob; name: string | null }>;
}

export const useFileTransfers = () => useDataProvider() as unknown as Partial<FileTransfers>;

export const isStoredFile = (value: unknown): value is StoredFile =>
  value !== null && typeof value === 'object' && typeof (value as StoredFile).id === 'string' && typeof (value as StoredFile).name === 'string';



