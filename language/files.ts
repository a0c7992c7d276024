/**
 * The file types a `file` field may accept, and how each is recognised in the content (never by the
 * name or the type the browser claims): the kinds `file-type` reads from the magic bytes, or, for
 * plain text, the absence of any binary signature.
 */
export interface FileType {
  /** The content type the file is stored and served with. */
  readonly mime: string;
  /**
   * What `file-type` answers for such content (`'text'`: plain text, which has no signature; `'json'`:
   * plain text that parses as JSON).
   */
  readonly detected: readonly string[] | 'text' | 'json';
  readonly image: boolean;
}

const type = (mime: string, detected: readonly string[] | 'text' | 'json', image = false): FileType => ({ mime, detected, image });

export const FILE_TYPES = {
  pdf: type('application/pdf', ['pdf']),
  png: type('image/png', ['png'], true),
  jpg: type('image/jpeg', ['jpg'], true),
  gif: type('image/gif', ['gif'], true),
  webp: type('image/webp', ['webp'], true),
  doc: type('application/msword', ['cfb']),
  xls: type('application/vnd.ms-excel', ['cfb']),
  ppt: type('application/vnd.ms-powerpoint', ['cfb']),
  docx: type('application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx']),
  xlsx: type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx']),
  pptx: type('application/vnd.openxmlformats-officedocument.presentationml.presentation', ['pptx']),
  odt: type('application/vnd.oasis.opendocument.text', ['odt']),
  ods: type('application/vnd.oasis.opendocument.spreadsheet', ['ods']),
  rtf: type('application/rtf', ['rtf']),
  xml: type('application/xml', ['xml']),
  /** A JasperReports design: XML, offered under its own extension so the form takes `.jrxml`. */
  jrxml: type('application/xml', ['xml']),
  zip: type('application/zip', ['zip']),
  mp3: type('audio/mpeg', ['mp3']),
  txt: type('text/plain; charset=utf-8', 'text'),
  csv: type('text/csv; charset=utf-8', 'text'),
  // Kept and downloaded as files (always an attachment, never shown inline).
  html: type('text/html; charset=utf-8', 'text'),
  xhtml: type('application/xhtml+xml', 'text'),
  /** A report design of the built-in engine (docs/REPORTS.md): UTF-8 text that parses as JSON. */
  json: type('application/json', 'json'),
  /** A filled JasperReports report: a serialised Java object (recognised by file-content.ts, not by `file-type`). */
  jrprint: type('application/x-java-serialized-object', ['java-serialized']),
  /** A compiled JasperReports design: a serialised Java object too; the name's extension tells it from a `.jrprint`. */
  jasper: type('application/x-java-serialized-object', ['java-serialized']),
} as const satisfies Record<string, FileType>;

export type FileExtension = keyof typeof FILE_TYPES;

export const isFileExtension = (name: string): name is FileExtension => Object.hasOwn(FILE_TYPES, name);

/** The largest `max-size` a schema may declare: the upload is held in memory while it is checked. */
export const MAX_FILE_SIZE = 100 * 1024 * 1024;
/** The size limit of a field whose `x-file` names none. */
export const DEFAULT_FILE_SIZE = '10MB';

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 * 1024 };

/** `'5MB'` → 5242880; null for anything that is not a whole number of B, KB or MB. */
export function parseFileSize(text: string): number | null {
  const match = /^(\d{1,9})(B|KB|MB)$/.exec(text);
  return match ? Number(match[1]) * UNITS[match[2]] : null;
}

/** 5242880 → '5 MB', as the pt-BR messages say it. */
export function fileSizeText(bytes: number): string {
  const say = (value: number, unit: string) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${unit}`;
  if (bytes >= UNITS.MB) return say(bytes / UNITS.MB, 'MB');
  if (bytes >= UNITS.KB) return say(bytes / UNITS.KB, 'KB');
  return say(bytes, 'bytes');
}

type Fail = (path: string, sentence: string) => never;
type Json = Record<string, any>;

/** A `file` field's `x-file`, checked: a size the product can hold and types it can recognise. */
export function fileSpecOf(source: Json, path: string, fail: Fail): { maxSize: number; accept: string[]; image: boolean } {
  const spec: Json | undefined = source['x-file'];
  const image = spec?.image === true;
  const sizeText: string = spec?.['max-size'] ?? DEFAULT_FILE_SIZE;
  const maxSize = parseFileSize(sizeText);
  if (maxSize === null || maxSize === 0) {
    fail(`${path}/x-file/max-size`, `is ${JSON.stringify(sizeText)}, which is not a size: write a whole number and B, KB or MB, such as "500KB" or "5MB".`);
  }
  if (maxSize! > MAX_FILE_SIZE) fail(`${path}/x-file/max-size`, `is ${JSON.stringify(sizeText)}, more than the 100MB a file may have.`);
  const accept: string[] | undefined = spec?.accept ?? (image ? ['png', 'jpg'] : undefined);
  if (!accept) fail(path, 'is of kind "file" and needs "x-file" with "accept", the file types it takes (such as ["pdf", "png", "jpg"]).');
  accept!.forEach((extension, i) => {
    if (!isFileExtension(extension)) {
      fail(`${path}/x-file/accept/${i}`, `names "${extension}", which is not a file type the product can recognise: use one of ${Object.keys(FILE_TYPES).join(', ')}.`);
    }
    if (image && !FILE_TYPES[extension as FileExtension].image) {
      fail(`${path}/x-file/accept/${i}`, `names "${extension}", which is not an image, in a field marked "image".`);
    }
  });
  return { maxSize: maxSize!, accept: accept!, image };
}
