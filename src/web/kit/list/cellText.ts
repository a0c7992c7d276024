import type { RaRecord } from 'ra-core';
import type { FieldSpec } from '../types';
import { formatByKind } from '../formatKind';

/** Names of referenced records by module, then by id (as text), from each module's combos. */
export type ReferenceNames = Record<string, Record<string, string>>;

export const referencedModule = (column: FieldSpec) => column.reference?.module ?? column.source;

/** The ids each referenced module must name for the rows on the page (one request per module). */
export function referenceNeeds(columns: readonly FieldSpec[], rows: readonly RaRecord[]): Map<string, string[]> {
  const needs = new Map<string, Set<string>>();
  for (const column of columns) {
    if (column.kind !== 'reference' && column.kind !== 'references') continue;
    const ids = needs.get(referencedModule(column)) ?? new Set<string>();
    for (const row of rows) {
      const value = row[column.source];
      for (const id of Array.isArray(value) ? value : [value]) if (id != null && id !== '') ids.add(String(id));
    }
    needs.set(referencedModule(column), ids);
  }
  return new Map([...needs].filter(([, ids]) => ids.size > 0).map(([module, ids]) => [module, [...ids].sort()]));
}

/**
 * What a list cell shows, as plain text: scalars by kind (DD/MM/YYYY, Sim/Não, R$ 1.234,56), a
 * reference by its name, many references as names joined by commas, a sub-list item by item.
 */
export function cellText(column: FieldSpec, value: unknown, names: ReferenceNames): string {
  if (column.kind === 'reference') return value == null || value === '' ? '' : (names[referencedModule(column)]?.[String(value)] ?? '');
  if (column.kind === 'references') {
    const ids = Array.isArray(value) ? value : [];
    return ids.map((id) => names[referencedModule(column)]?.[String(id)]).filter(Boolean).join(', ');
  }
  if (column.kind === 'sublist') {
    const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
    const fields = column.sublist?.fields ?? [];
    return items.map((item) => fields.map((f) => formatByKind(f, item[f.source])).filter(Boolean).join(' - ')).join('; ');
  }
  return formatByKind(column, value) ?? '';
}
