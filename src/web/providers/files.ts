import { HttpError } from 'ra-core';
import type { FileTransfers, StoredFile } from '@kit/files';
import type { AttachedDocuments } from '@kit/documents/attached';
import type { ListExports } from '@kit/list/exports';
import { firstMessages } from '../http/client';
import { listQuery } from './dataProvider';
import type { Session } from '../http/session';

/**
 * Uploads and downloads of file fields, beside the JSON client: a multipart body out, the bytes in,
 * with the same credentials and space (`Authorization`, `Tenant`).
 */
export function createFileTransfers(baseUrl: string, session: Session): FileTransfers & AttachedDocuments & ListExports {
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
    async attachedDocuments(module, id, filter) {
      const url = new URL(`/api/${module}/${encodeURIComponent(String(id))}/documents`, baseUrl);
      url.searchParams.set('filter', filter);
      url.searchParams.set('per_page', '100');
      const response = await fetch(url, { headers: headers() });
      if (!response.ok) throw await failure(response);
      return response.json();
    },
    async download(path) {
      const response = await fetch(new URL(path, baseUrl), { headers: headers() });
      if (!response.ok) throw await failure(response);
      return { blob: await response.blob(), name: dispositionName(response.headers.get('Content-Disposition')) };
    },
    async exportList(resource, params, format, { signal, onProgress }) {
      const url = new URL(`/api/${resource}/export`, baseUrl);
      url.searchParams.set('format', format);
      const { page: _page, per_page: _perPage, ...query } = listQuery(params);
      for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
      const response = await fetch(url, { headers: headers(), signal });
      if (!response.ok) throw await failure(response);
      const chunks: Uint8Array[] = [];
      let received = 0;
      const reader = response.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        chunks.push(part.value);
        received += part.value.byteLength;
        onProgress(received);
      }
      const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
      return { blob: new Blob(chunks as BlobPart[], { type }), name: dispositionName(response.headers.get('Content-Disposition')) };
    },
  };
}

/** The file name a `Content-Disposition` gives: its UTF-8 `filename*`, else its plain `filename`. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}
