import type { Entity, Field } from '../../../../language/index.js';

/**
 * A column of a module's spreadsheet: a field of the form written as one cell, or a field of a
 * sub-list's item (the row's one item of that sub-list: `Telefones: Telefone`).
 */
export interface ImportColumn {
  /** `name`, or `telephones.telephone` for a sub-list item's field. */
  key: string;
  /** The pt-BR header the template carries and an uploaded header is matched against. */
  header: string;
  field: Field;
  sublist?: Field;
}

/** Kinds no spreadsheet cell holds: files, secrets, structured values. */
const NOT_IN_A_CELL = new Set(['id', 'file', 'image', 'password', 'json', 'external', 'sublist', 'permission']);

const inACell = (field: Field) => field.inForm && !field.serverSet && !field.readOnly && !field.writeOnly && !NOT_IN_A_CELL.has(field.kind) && !field.sublist;

/** The columns a module's import reads, in the form's order: its own fields, then each sub-list's item fields. */
export function importColumns(entity: Entity): ImportColumn[] {
  const own = entity.fields.filter(inACell).map((field) => ({ key: field.name, header: field.label, field }));
  const items = entity.fields
    .filter((list) => list.sublist && list.inForm && !list.serverSet && !list.readOnly)
    .flatMap((list) => list.sublist!.fields.filter(inACell).map((field) => ({ key: `${list.name}.${field.name}`, header: `${list.label}: ${field.label}`, field, sublist: list })));
  return [...own, ...items];
}

/** Case, accents and spacing aside: `Data de Nascimento ` matches `Data de nascimento`. */
export const comparable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** A file's headers matched to columns by their pt-BR header or key: `{ header index: column key }`. */
export function guessMapping(columns: ImportColumn[], headers: string[]): Record<string, string> {
  const byName = new Map<string, string>();
  for (const column of columns) {
    byName.set(comparable(column.header), column.key);
    byName.set(comparable(column.key), column.key);
  }
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  headers.forEach((header, index) => {
    const key = byName.get(comparable(header));
    if (key && !taken.has(key)) {
      mapping[String(index)] = key;
      taken.add(key);
    }
  });
  return mapping;
}
