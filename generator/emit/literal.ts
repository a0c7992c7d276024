/**
 * Prints data as a TypeScript literal with single quotes and stable layout: short values on one
 * line, longer ones one member per line. Keys keep their insertion order (the plan sets it).
 */
/** Source text printed as it is where a literal would stand, e.g. `mode === 'create'`. */
export class Code {
  constructor(readonly text: string) {}
}

/** `lead`: what stands on the value's line past the indent besides it (a property's `key: ` and `,`). */
export function literal(value: unknown, indent = 0, width = 100, lead = 0): string {
  const flat = flatLiteral(value);
  if (flat.length + indent + lead <= width || !isComposite(value) || flat === '{}' || flat === '[]') return flat;
  const pad = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${pad}${literal(item, indent + 2, width, 1)},`).join('\n')}\n${' '.repeat(indent)}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const lines = entries.map(([key, v]) => `${pad}${propertyKey(key)}: ${literal(v, indent + 2, width, propertyKey(key).length + 3)},`);
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}

function isComposite(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !(value instanceof Code);
}

function flatLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(flatLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${flatLiteral(v)}`).join(', ')} }`;
  }
  if (typeof value === 'string') return quote(value);
  return JSON.stringify(value);
}

export function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : quote(key);
}
