import { literal } from './literal.js';

/** `<Tag a="x" b={1} />`, one attribute per line when the element would be long. Values are literal data (or `Code`). */
export function selfClosingElement(tag: string, props: object, indent: number, width = 100): string {
  const attributes = Object.entries(props)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => attribute(key, value, indent + 2));
  const oneLine = `<${tag} ${attributes.join(' ')} />`;
  if (indent + oneLine.length <= width && !oneLine.includes('\n')) return oneLine;
  const pad = ' '.repeat(indent + 2);
  return `<${tag}\n${attributes.map((a) => `${pad}${a}`).join('\n')}\n${' '.repeat(indent)}/>`;
}

function attribute(key: string, value: unknown, indent: number): string {
  if (value === true) return key;
  if (typeof value === 'string' && !/["{}<>&\n]/.test(value)) return `${key}="${value}"`;
  return `${key}={${literal(value, indent)}}`;
}
