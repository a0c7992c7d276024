import type { FieldSpec } from './types';
import { jsonLines } from './fields/jsonLines';
import { formatBoolean, formatDate, formatDateTime, formatMoney, PALETTE } from './format';

/** Plain text of a scalar value by kind; undefined for the kinds that need a component. */
export function formatByKind(spec: FieldSpec, value: unknown): string | undefined {
  switch (spec.kind) {
    case 'boolean':
      return formatBoolean(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'money':
      return formatMoney(value);
    case 'decimal':
      return value == null || value === '' ? '' : Number(value).toLocaleString('pt-BR');
    case 'enum':
      return value == null ? '' : (spec.choices?.find((c) => String(c.id) === String(value))?.name ?? String(value));
    case 'color':
      return value == null ? '' : (PALETTE.find((c) => c.id.toLowerCase() === String(value).toLowerCase())?.name ?? String(value));
    case 'json':
      return jsonLines(value).join('; ');
    case 'image':
      return value ? 'Imagem' : '';
    case 'file':
      return value && typeof value === 'object' ? String((value as { name?: unknown }).name ?? '') : '';
    case 'password':
      return value ? '[PROTEGIDO]' : '';
    case 'reference':
    case 'references':
    case 'sublist':
      return undefined;
    default:
      return value == null ? '' : String(value);
  }
}
