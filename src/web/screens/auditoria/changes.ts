import { jsonLines, scalarText } from '@kit/fields/jsonLines';

export interface ComparedField {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const asObject = (value: unknown): Record<string, unknown> => {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

const text = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value) ? jsonLines(value).join('\n') : Array.isArray(value) ? value.map(scalarText).join(', ') : scalarText(value);

/**
 * The old and new values side by side, one line per field in either (in the order they appear), with
 * whether the field changed. Secrets arrive already masked as [PROTEGIDO].
 */
export function fieldChanges(oldValues: unknown, newValues: unknown): ComparedField[] {
  const before = asObject(oldValues);
  const after = asObject(newValues);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const b = field in before ? text(before[field]) : '';
    const a = field in after ? text(after[field]) : '';
    return { field, before: b, after: a, changed: b !== a };
  });
}
