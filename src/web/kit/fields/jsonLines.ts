import { formatDate, formatDateTime } from '../format';

/** A JSON value as lines a person reads: `key: value`, nested keys dotted, lists joined by commas. */
export function jsonLines(value: unknown, prefix = ''): string[] {
  if (value == null || value === '') return [];
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object') return jsonLines(parsed, prefix);
    } catch {
      // Plain text, shown as it is.
    }
    return [prefix ? `${prefix}: ${value}` : value];
  }
  if (Array.isArray(value)) return [`${prefix || 'itens'}: ${value.map(scalarText).join(', ')}`];
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => {
      const name = prefix ? `${prefix}.${key}` : key;
      if (Array.isArray(inner)) return [`${name}: ${inner.map(scalarText).join(', ')}`];
      return inner && typeof inner === 'object' ? jsonLines(inner, name) : [`${name}: ${scalarText(inner)}`];
    });
  }
  return [prefix ? `${prefix}: ${scalarText(value)}` : scalarText(value)];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** One value as text: Sim/Não, dates DD/MM/YYYY (with the time when there is one). */
export function scalarText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return formatDateTime(value);
  if (value === true) return 'Sim';
  if (value === false) return 'Não';
  if (Array.isArray(value)) return value.map(scalarText).join(', ');
  // An item of a list (a grant, an address): its fields in one line, in parentheses.
  if (typeof value === 'object') return `(${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${scalarText(v)}`).join(', ')})`;
  return String(value);
}
