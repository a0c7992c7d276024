import { useDataProvider } from 'react-admin';

/** A document of a record as `GET /api/{module}/{id}/documents` lists it. */
export interface AttachedDocument {
  id: number;
  name: string;
  date: string | null;
  document_type: string;
  file_extension: string | null;
  filed: boolean;
}

/** The list filter of a record's documents (spec 000): 1 Todos, 2 Arquivados, 3 Não Arquivados. */
export const DOCUMENT_FILTERS = [
  { id: '1', name: 'Todos' },
  { id: '2', name: 'Arquivados' },
  { id: '3', name: 'Não Arquivados' },
] as const;

/** The data provider method that reads a record's documents (the shell adds it to its data provider). */
export interface AttachedDocuments {
  attachedDocuments(module: string, id: string | number, filter: string): Promise<{ data: AttachedDocument[]; total: number }>;
}

export const useAttachedDocuments = () => useDataProvider() as unknown as Partial<AttachedDocuments>;

/** Where a new document attached to a record is written: `/documento/inserir?anexar=<module>/<id>`. */
export const attachPath = (module: string, id: string | number) => `/documento/inserir?anexar=${encodeURIComponent(`${module}/${id}`)}`;

/** The record an insert form attaches its document to, read from `anexar`; null when it names none. */
export function attachTarget(search: string): { module: string; id: number } | null {
  const value = new URLSearchParams(search).get('anexar');
  const match = value ? /^([a-z_]+)\/(\d{1,15})$/.exec(value) : null;
  return match ? { module: match[1], id: Number(match[2]) } : null;
}
