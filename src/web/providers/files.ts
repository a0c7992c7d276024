import { HttpError } from 'ra-core';
import type { FileTransfers, StoredFile } from '@kit/files';
import { firstMessages } from '../http/client';
import type { Session } from '../http/session';

/**
 * Uploads and downloads of file fields, beside the JSON client: a multipart body out, the bytes in,
 * with the same credentials and space (`Authorization`, `Tenant`).
 */
export function createFileTransfers(baseUrl: string, session: Session): FileTransfers {
  const headers = () => {
    const out: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'pt-BR' };
    const token = session.token();
    const tenant = session.tenant();
    if (token) out.Authorization = `Bearer ${token}`;
    if (tenant) out.Tenant = tenant;
    return out;
  };
  const failure = async (response: Response) => {
    const json = await response.json().catch(() => null);
    return new HttpError(json?.message ?? 'Houve um erro ao tentar processar a sua requisição', response.status, { ...(json ?? {}), errors: firstMessages(json?.errors) });
  };
  return {
    async uploadFile(module, field, file) {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await fetch(new URL(`/api/${module}/files/${field}`, baseUrl), { method: 'POST', headers: headers(), body });
      if (!response.ok) throw await failure(response);
      return ((await response.json()) as { data: StoredFile }).data;
    },
    async downloadFile(module, id, field) {
      const response = await fetch(new URL(`/api/${module}/${encodeURIComponent(String(id))}/files/${field}`, baseUrl), { headers: headers() });
      if (!response.ok) throw await failure(response);
      return response.blob();
    },
  };
}
