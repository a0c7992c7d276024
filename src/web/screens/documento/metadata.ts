import type { FieldSpec } from '../../kit/types';

/** An entry of a document type's metadata, and a document's value for it (spec 000 'Document type'). */
export interface MetadataEntry {
  id: number;
  name: string;
  type: 'boolean' | 'string' | 'date' | 'integer' | 'float';
  required: boolean;
}
export interface MetadataValue extends Partial<MetadataEntry> {
  id: number;
  value: unknown;
}

/** The input of an entry's value: the kind its type is, labelled with its name, required as it says. */
export function entrySpec(entry: MetadataEntry, index: number): FieldSpec {
  const source = `metadata.${index}.value`;
  const base = { source, label: entry.name, required: entry.required };
  switch (entry.type) {
    case 'boolean':
      return { ...base, kind: 'boolean', required: false };
    case 'date':
      return { ...base, kind: 'date' };
    case 'integer':
      return { ...base, kind: 'integer' };
    case 'float':
      return { ...base, kind: 'decimal', digits: { integer: 15, fraction: 10 } };
    default:
      return { ...base, kind: 'text', maxLength: 1000 };
  }
}

/** The form's metadata for a type: one value per entry, in the type's order, keeping what was typed for an entry still there. */
export function valuesFor(entries: readonly MetadataEntry[], current: readonly MetadataValue[] | null | undefined): MetadataValue[] {
  const byId = new Map((current ?? []).map((item) => [Number(item.id), item.value]));
  return entries.map((entry) => ({ id: entry.id, value: byId.get(entry.id) ?? (entry.type === 'boolean' ? false : null) }));
}
