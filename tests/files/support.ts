/** Bodies of uploads, as a browser's form sends them, and small files of each kind. */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a Windows program (MZ header and PE signature). */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);

export function multipart(name: string, bytes: Buffer, part = 'file') {
  const boundary = `----formulario${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under a folder, relative to it. */
export function filesUnder(folder: string, base = ''): string[] {
  let names: string[];
  try {
    names = readdirSync(join(folder, base));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(base, name);
    return statSync(join(folder, path)).isDirectory() ? filesUnder(folder, path) : [path];
  });
}
