import { parseDocument } from 'htmlparser2';

/** The elements a page's content may hold once sanitised (src/server/features/custom-pages/sanitize.ts). */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'pre', 'hr']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'background', 'poster', 'xlink:href', 'dynsrc', 'lowsrc', 'codebase', 'cite']);

interface Node { type: string; name?: string; attribs?: Record<string, string>; children?: Node[] }

/** A URL's scheme as a browser reads it: control characters and spaces dropped, lower case. */
const schemeOf = (value: string) => [...value].filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f)).join('').toLowerCase().match(/^([a-z][a-z0-9+.-]*):/)?.[1] ?? null;

/**
 * What in an HTML fragment could run script or reach another host: an element the sanitiser does
 * not keep, an event handler, a `style`, a `javascript:`/`data:`/`vbscript:` (or other non-web)
 * URL, a protocol-relative one, a link without `rel="noopener noreferrer"`, or a raw `<script`.
 * Parsed as the sanitiser's parser family reads HTML; an empty list means clean.
 */
export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(html)) problems.push('raw <script');
  const walk = (node: Node) => {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const name = (node.name ?? '').toLowerCase();
      if (!ALLOWED_TAGS.has(name)) problems.push(`element <${name}>`);
      for (const [attribute, value] of Object.entries(node.attribs ?? {})) {
        const key = attribute.toLowerCase();
        if (/^on/.test(key)) problems.push(`handler ${key} on <${name}>`);
        if (key === 'style') problems.push(`style on <${name}>`);
        if (key === 'srcdoc') problems.push(`srcdoc on <${name}>`);
        if (URL_ATTRIBUTES.has(key)) {
          const scheme = schemeOf(value);
          if (scheme !== null && !['http', 'https', 'mailto'].includes(scheme)) problems.push(`${scheme}: in ${key} of <${name}>`);
          if (/^\s*[\\/]{2}/.test(value)) problems.push(`protocol-relative ${key} of <${name}>`);
        }
      }
      if (name === 'a' && node.attribs?.rel !== 'noopener noreferrer') problems.push('link without rel="noopener noreferrer"');
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(html, { lowerCaseAttributeNames: false }) as unknown as Node);
  return problems;
}
