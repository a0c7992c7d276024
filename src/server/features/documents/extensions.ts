import { FILE_TYPES, type FileExtension } from '../../../../language/index.js';

export const INVALID_EXTENSION = 'Arquivo com extensão inválida.';

/** The spec's extensions a document type may accept that name another file type's content. */
const CONTENT_OF: Record<string, FileExtension> = { xlsMeta: 'xls', csvMeta: 'csv' };

/** The file type a stored file is, read from the content type it was kept with (file-content.ts recognised it by its bytes). */
export function fileTypeOfContent(contentType: string): FileExtension | undefined {
  return (Object.keys(FILE_TYPES) as FileExtension[]).find((ext) => FILE_TYPES[ext].mime === contentType);
}

/** Whether a document type accepting `accepted` takes a file of type `type`. */
export function acceptsType(accepted: readonly unknown[], type: FileExtension | undefined): boolean {
  if (!type) return false;
  return accepted.some((ext) => typeof ext === 'string' && (CONTENT_OF[ext] ?? ext) === type);
}
