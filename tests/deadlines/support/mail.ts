/** A raw message's headers and text as a person reads them: encoded words and quoted-printable undone. */
export function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  const wordBytes = (charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  const decoded = headers.replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)+/gi, (run) =>
    Buffer.concat([...run.matchAll(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi)].map((m) => wordBytes(m[1], m[2], m[3]))).toString('utf8'));
  const body = raw.slice(split).replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.split('=').slice(1).map((hex) => parseInt(hex, 16))).toString('utf8'));
  return `${decoded}${body}`;
}

/** A raw message's subject, decoded. */
export const subjectOf = (raw: string): string => /^Subject: (.*)$/m.exec(readable(raw))?.[1] ?? '';
