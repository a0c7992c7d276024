import type { SchemaSnapshot, TableShape } from './migrations-snapshot.js';
import * as q from './migrations-sql.js';

/** One change and its undoing. `down` runs in reverse order of the steps. */
export interface Step {
  up: string[];
  down: string[];
  table: string;
  kind: 'create' | 'alter' | 'drop';
}

const EMPTY: SchemaSnapshot = { version: 1, tables: {} };

/**
 * The steps from `before` to `after`, in an order PostgreSQL accepts: drop what goes away from
 * kept tables, create new tables (referenced ones first), change kept tables, drop old tables.
 */
export function diffSnapshots(before: SchemaSnapshot | null, after: SchemaSnapshot): Step[] {
  const old = before ?? EMPTY;
  const kept = Object.keys(after.tables).filter((name) => old.tables[name]);
  const created = referencedFirst(Object.keys(after.tables).filter((name) => !old.tables[name]), after);
  const dropped = referencedFirst(Object.keys(old.tables).filter((name) => !after.tables[name]), old).reverse();
  const steps: Step[] = [];
  for (const name of kept) steps.push(...removals(name, old.tables[name], after.tables[name]));
  const ready = new Set(kept);
  const deferred: Step[] = [];
  for (const name of created) {
    const table = after.tables[name];
    const fks = Object.keys(table.foreignKeys);
    const inline = fks.filter((fk) => ready.has(table.foreignKeys[fk].references) || table.foreignKeys[fk].references === name);
    ready.add(name);
    const indexes = Object.entries(table.indexes).map(([index, shape]) => q.createIndex(name, index, shape));
    steps.push({ table: name, kind: 'create', up: [q.createTable(name, table, inline), ...indexes], down: [q.dropTable(name)] });
    for (const fk of fks.filter((f) => !inline.includes(f))) {
      deferred.push({ table: name, kind: 'create', up: [q.addForeignKey(name, fk, table.foreignKeys[fk])], down: [q.dropForeignKey(name, fk)] });
    }
  }
  steps.push(...deferred);
  for (const name of kept) steps.push(...additions(name, old.tables[name], after.tables[name]));
  for (const name of dropped) {
    const table = old.tables[name];
    const restore = [
      q.createTable(name, table, Object.keys(table.foreignKeys)),
      ...Object.entries(table.indexes).map(([index, shape]) => q.createIndex(name, index, shape)),
    ];
    steps.push({ table: name, kind: 'drop', up: [q.dropTable(name)], down: restore });
  }
  return steps;
}

/** Foreign keys and indexes that change or go away, so columns and tables can follow. */
function removals(name: string, from: TableShape, to: TableShape): Step[] {
  const steps: Step[] = [];
  for (const [fk, shape] of Object.entries(from.foreignKeys)) {
    if (same(shape, to.foreignKeys[fk])) continue;
    steps.push({ table: name, kind: 'alter', up: [q.dropForeignKey(name, fk)], down: [q.addForeignKey(name, fk, shape)] });
  }
  for (const [index, shape] of Object.entries(from.indexes)) {
    if (same(shape, to.indexes[index])) continue;
    steps.push({ table: name, kind: 'alter', up: [q.dropIndex(index)], down: [q.createIndex(name, index, shape)] });
  }
  return steps;
}

/** Columns added, changed or dropped, then the new foreign keys and indexes. */
function additions(name: string, from: TableShape, to: TableShape): Step[] {
  const steps: Step[] = [];
  for (const [column, shape] of Object.entries(to.columns)) {
    const previous = from.columns[column];
    if (!previous) {
      steps.push({ table: name, kind: 'alter', up: [q.addColumn(name, column, shape)], down: [q.dropColumn(name, column)] });
    } else if (!same(previous, shape)) {
      steps.push({ table: name, kind: 'alter', up: q.alterColumn(name, column, previous, shape), down: q.alterColumn(name, column, shape, previous).reverse() });
    }
  }
  for (const [column, shape] of Object.entries(from.columns)) {
    if (to.columns[column]) continue;
    steps.push({ table: name, kind: 'alter', up: [q.dropColumn(name, column)], down: [q.addColumn(name, column, { ...shape, notNull: false })] });
  }
  for (const [fk, shape] of Object.entries(to.foreignKeys)) {
    if (same(shape, from.foreignKeys[fk])) continue;
    steps.push({ table: name, kind: 'alter', up: [q.addForeignKey(name, fk, shape)], down: [q.dropForeignKey(name, fk)] });
  }
  for (const [index, shape] of Object.entries(to.indexes)) {
    if (same(shape, from.indexes[index])) continue;
    steps.push({ table: name, kind: 'alter', up: [q.createIndex(name, index, shape)], down: [q.dropIndex(index)] });
  }
  return steps;
}

/** Orders tables so each comes after the tables it references (among `names`); stable otherwise. */
function referencedFirst(names: string[], snapshot: SchemaSnapshot): string[] {
  const wanted = new Set(names);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const fk of Object.values(snapshot.tables[name].foreignKeys)) {
      if (wanted.has(fk.references)) visit(fk.references);
    }
    ordered.push(name);
  };
  names.forEach(visit);
  return ordered;
}

function same(a: unknown, b: unknown): boolean {
  return b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}
