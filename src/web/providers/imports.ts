import type { HttpClient } from '../http/client';
import type { Session } from '../http/session';
import { firstMessages } from '../http/client';
import { resourceNamed } from '../resources/catalog';

/** An import as the API answers it (docs/API.md 'Imports'). */
export interface SheetImport {
  id: number;
  module: string;
  file_name: string;
  status: 'draft' | 'checked' | 'queued' | 'running' | 'done' | 'failed';
  total_rows: number;
  headers: string[];
  mapping: Record<string, string>;
  columns: { key: string; header: string; required: boolean }[];
  natural_key: string | null;
  /** The fields the key is unique within (a registration's category). */
  natural_key_within: string[];
  counts: { create: number; update: number; skip: number; error: number; unchecked: number; done: number };
  progress: number;
  error_reason: string | null;
}

export interface ImportRow {
  line: number;
  cells: (string | number | boolean | null)[];
  action: 'create' | 'update' | 'skip' | 'error' | null;
  errors: Record<string, string[]> | null;
  done: boolean;
}

/** A refusal: the server's message and the first message of each field. */
export class ImportFailure extends Error {
  constructor(message: string, readonly errors: Record<string, string> = {}) {
    super(message);
  }
}

const failed = (error: unknown): never => {
  const failure = error as { message?: string; body?: { message?: string; errors?: Record<string, string> } };
  throw new ImportFailure(failure.body?.errors ? Object.values(failure.body.errors)[0] : (failure.body?.message ?? failure.message ?? 'Houve um erro ao tentar processar a sua requisição'), failure.body?.errors ?? {});
};

/** The platform's modules (tenants, systems, monitors) live in the platform database, which no import writes. */
const importable = (module: string) => resourceNamed(module)?.area !== 'plataforma';

/** The spreadsheet import's calls: the upload (multipart, with the session's credentials and space) and the JSON ones. */
export function sheetImports(http: HttpClient, baseUrl: string, session: Session) {
  const base = (module: string) => `/api/${module}/import`;
  return {
    /** Whether a module's records come from spreadsheets: those kept in a space (the platform's area is not). */
    importsSheets: async (module: string) => importable(module),
    async uploadSheet(module: string, file: File): Promise<SheetImport> {
      const body = new FormData();
      body.append('file', file, file.name);
      const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'pt-BR' };
      const token = session.token();
      const tenant = session.tenant();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (tenant) headers.Tenant = tenant;
      const response = await fetch(new URL(base(module), baseUrl), { method: 'POST', headers, body });
      const json = await response.json().catch(() => null);
      if (!response.ok) {
        const errors = firstMessages(json?.errors) ?? {};
        throw new ImportFailure(Object.values(errors)[0] ?? json?.message ?? 'Não foi possível enviar a planilha.', errors);
      }
      return json.data;
    },
    sheetImport: (module: string, id: number) => http<{ data: SheetImport }>({ path: `${base(module)}/${id}` }).then((r) => r.json.data, failed),
    mapSheet: (module: string, id: number, mapping: Record<string, string>) =>
      http<{ data: SheetImport }>({ method: 'PUT', path: `${base(module)}/${id}/mapping`, body: { mapping } }).then((r) => r.json.data, failed),
    checkSheet: (module: string, id: number) => http<{ data: SheetImport }>({ method: 'POST', path: `${base(module)}/${id}/check` }).then((r) => r.json.data, failed),
    sheetRows: (module: string, id: number, page: number, action?: string) =>
      http<{ data: ImportRow[]; total: number }>({ path: `${base(module)}/${id}/rows`, query: { page, per_page: 50, action } }).then((r) => r.json, failed),
    commitSheet: (module: string, id: number) => http<{ data: SheetImport }>({ method: 'POST', path: `${base(module)}/${id}/commit` }).then((r) => r.json.data, failed),
  };
}

export type SheetImports = ReturnType<typeof sheetImports>;
