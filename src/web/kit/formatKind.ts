import type { FieldSpec, RecordRepresentation } from './types';
import { jsonLines } from './fields/jsonLines';
import { formatDecimal } from '../../shared/decimals';
import { formatBoolean, formatDate, formatDateTime, formatMoment, formatMoney, PALETTE } from './format';

/** Plain text of a scalar value by kind; undefined for the kinds that need a component. */
export function formatByKind(spec: FieldSpec, value: unknown): string | undefined {
  switch (spec.kind) {
    case 'boolean':
      return formatBoolean(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'text':
      return spec.moment ? formatMoment(value) : value == null ? '' : String(value);
    case 'money':
      return formatMoney(value);
    case 'decimal':
      return formatDecimal(value);
    case 'enum':
      return value == null ? '' : (spec.choices?.find((c) => String(c.id) === String(value))?.name ?? String(value));
    case 'choices': {
      // The labels, in the order the server answers the values (the schema's).
      const values: unknown[] = Array.isArray(value) ? value : [];
      return values.map((v) => spec.choices?.find((c) => String(c.id) === String(v))?.name ?? String(v)).join(', ');
    }
    case 'color':
      return value == null ? '' : (PALETTE.find((c) => c.id.toLowerCase() === String(value).toLowerCase())?.name ?? String(value));
    case 'json':
      return jsonLines(value).join('; ');
    case 'image':
      return value ? 'Imagem' : '';
    case 'file':
      return value && typeof value === 'object' ? String((value as { name?: unknown }).name ?? '') : '';
    case 'richtext':
      return richTextWords(value);
    case 'password':
      return value ? '[PROTEGIDO]' : '';
    case 'reference':
    case 'references':
    case 'external':
    case 'sublist':
      return undefined;
    default:
      return value == null ? '' : String(value);
  }
}

/**
 * A record as titles and confirmations name it: its label field read by kind (a date DD/MM/YYYY, a
 * moment without seconds), or its id when it has no label field or the field is empty.
 * @example recordName({ source: 'date', kind: 'date', label: 'Data' }, { id: 7, date: '2026-11-03' }) // → '03/11/2026'
 */
export function recordName(field: RecordRepresentation | undefined, record: { id?: unknown } & Record<string, unknown>): string {
  const value = field ? record[field.source] : undefined;
  const text = value == null || value === '' || !field ? '' : (formatByKind(field, value) ?? String(value));
  return text === '' ? String(record.id ?? '') : text;
}

/** A rich text's words, for a list cell or a card: tags dropped, spaces collapsed (React escapes what is left). */
export function richTextWords(value: unknown): string {
  if (value == null) return '';
  return String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
