/**
 * What an upload is, read from its bytes: the type `file-type` recognises by the magic bytes (or
 * plain text, which has none), matched against the field's accepted types; and a name safe to keep.
 */
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, fileSizeText, isFileExtension, type FileExtension, type FileSpec } from '../../../../language/index.js';

export const wrongType = (spec: FileSpec) => `O arquivo enviado não é do tipo permitido: ${spec.accept.join(', ')}.`;
export const tooLarge = (spec: FileSpec) => `O arquivo excede o tamanho máximo de ${fileSizeText(spec.maxSize)}.`;
export const EMPTY_FILE = 'O arquivo enviado está vazio.';
export const NO_FILE = 'Nenhum arquivo foi enviado.';

/** The accepted type the content is, or null; the name's extension only chooses among types that share a signature (doc, xls, ppt). */
export async function acceptedType(bytes: Buffer, name: string, spec: FileSpec): Promise<FileExtension | null> {
  const detected = ownSignature(bytes) ?? (await fileTypeFromBuffer(bytes));
  const accepted = spec.accept.filter(isFileExtension);
  const candidates = accepted.filter((ext) => {
    const expected = FILE_TYPES[ext].detected;
    if (detected) return typeof expected !== 'string' && expected.includes(detected.ext);
    return expected === 'text' ? isPlainText(bytes) : expected === 'json' && isJson(bytes);
  });
  const named = extensionOf(name);
  return candidates.find((ext) => ext === named) ?? candidates[0] ?? null;
}

/** Java's serialisation stream (0xACED, version 5), which a `.jrprint` and a `.jasper` are and `file-type` does not name. */
const JAVA_SERIALIZED = Buffer.from([0xac, 0xed, 0x00, 0x05]);

function ownSignature(bytes: Buffer): { ext: string } | undefined {
  return bytes.subarray(0, 4).equals(JAVA_SERIALIZED) ? { ext: 'java-serialized' } : undefined;
}

/** Plain text (`isPlainText`) holding one JSON value (after a byte order mark, which editors on Windows write). */
function isJson(bytes: Buffer): boolean {
  if (!isPlainText(bytes)) return false;
  try {
    JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/** UTF-8 without NUL or other control characters but tab, line breaks and form feed. */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return ![...text].some(isControl);
}

/** A control character other than tab, line feed, carriage return and form feed. */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(code)) || code === 0x7f;
};

const extensionOf = (name: string) => {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
};

/**
 * The file's name as kept and offered on download: the last part of whatever path the browser
 * sent, without control characters or characters no file system takes, ending in the extension of
 * the type its bytes are (`x.pdf.exe` holding a pdf → `x.pdf.exe.pdf`, so no one opens it as what
 * its name claims), at most 255 characters; `arquivo.<type>` when nothing is left. It names nothing
 * in the storage (keys are made by the server).
 */
export function safeFileName(raw: string | undefined, type: FileExtension): string {
  const last = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = [...last].filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f' && !'<>:"|?*'.includes(char)).join('').replace(/^[.\s]+/, '').trim();
  const name = !cleaned ? `arquivo.${type}` : extensionOf(cleaned) === type ? cleaned : `${cleaned}.${type}`;
  return name.length <= 255 ? name : `${name.slice(0, 254 - type.length)}.${type}`;
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987 `filename*`). */
export function attachmentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
