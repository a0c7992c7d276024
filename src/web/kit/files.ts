import { useDataProvider } from 'react-admin';

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
}

export const useFileTransfers = () => useDataProvider() as unknown as Partial<FileTransfers>;

export const isStoredFile = (value: unknown): value is StoredFile =>
  value !== null && typeof value === 'object' && typeof (value as StoredFile).id === 'string' && typeof (value as StoredFile).name === 'string';

/** 1536 → '1,5 KB'. */
export function fileSizeText(bytes: number): string {
  const say = (value: number, unit: string) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${unit}`;
  if (bytes >= 1024 * 1024) return say(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return say(bytes / 1024, 'KB');
  return say(bytes, 'bytes');
}

/** Saves a downloaded file under its name, as the browser's own download would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
