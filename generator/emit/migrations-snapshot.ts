import { createHash } from 'node:crypto';
import { sqlName } from './sql-names.js';
import { kindHas, searchedByStartAs, type Entity, type Field, type Model } from '../../language/index.js';

/** The database shape the migrations build, stored as generated/migrations/snapshot.json. */
export interface SchemaSnapshot {
  version: 1;
  tables: Record<string, TableShape>;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  foreignKeys: Record<string, ForeignKeyShape>;
  indexes: Record<string, IndexShape>;
}

export interface ColumnShape {
  type: string;
  /** The collation text is compared and sorted by; absent: the database's default. */
  collation?: string;
  notNull: boolean;
  /** SQL expression, or null for none. */
  default: string | null;
  identity?: boolean;
}

export interface ForeignKeyShape {
  column: string;
  references: string;
  onDelete: 'restrict' | 'cascade' | 'set null';
}

export interface IndexShape {
  unique: boolean;
  method: 'btree' | 'gin';
  /** The indexed expressions, as SQL. */
  on: string;
  /** A unique index whose rows with an empty column are compared too (`nulls not distinct`). */
  nullsNotDistinct?: true;
}

/**
 * Sorts text the way a pt-BR reader expects (`Abadia < Ação < agua < Água < Éden < Ema < Zé`), where
 * the databases' default sorts by bytes (`Zé < agua`). ICU's root collation is the one both
 * databases have (PGlite has no `pt-BR-x-icu`); it is deterministic, so `like`, equality and unique
 * indexes behave as under the default.
 */
export const TEXT_COLLATION = 'und-x-icu';

/** The one place a field kind becomes an SQL type. `null`: the field has no column here. */
export function sqlType(field: Field): string | null {
  switch (field.kind) {
    case 'id':
    case 'reference':
      return 'bigint';
    case 'text': case 'textarea': case 'richtext': case 'email': case 'url': case 'cpf': case 'cnpj':
    case 'cep': case 'phone': case 'mask': case 'color': case 'password': case 'permission':
      return field.maxLength ? `varchar(${field.maxLength})` : 'text';
    case 'image':
      return 'text';
    case 'file':
      // The id of the file's row in the space's `files` table; the bytes live in the storage.
      return 'varchar(64)';
    case 'json':
    case 'choices':
      return 'jsonb';
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(${field.digits.integer + field.digits.fraction},${field.digits.fraction})`;
    case 'money':
      return 'numeric(15,2)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'time':
      return 'time';
    case 'enum': {
      const values = (field.enumOptions ?? []).map((o) => o.value);
      if (values.every((v) => typeof v === 'number')) return 'integer';
      return `varchar(${Math.max(field.maxLength ?? 0, ...values.map((v) => String(v).length))})`;
    }
    case 'references':
    case 'sublist':
    case 'external':
      return null;
  }
}

/** The whole database the model describes. Tables are keyed in creation order, not sorted. */
export function snapshotOfModel(model: Model): SchemaSnapshot {
  const tables: Record<string, TableShape> = {};
  const add = (name: string, shape: TableShape) => {
    const existing = tables[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(shape)) {
      throw new Error(`Table "${name}" is described twice with different shapes (a join or sub-list table named like another).`);
    }
    tables[name] = shape;
  };
  for (const entity of model.entities) {
    add(entity.table, entityTable(entity));
    for (const field of entity.fields) childTables(entity.table, field, add);
  }
  return { version: 1, tables };
}

function entityTable(entity: Entity): TableShape {
  const table = emptyTable();
  for (const field of entity.fields) addFieldColumn(table, entity.table, field, true);
  // Unique within an optional field (a value per category, or one for every category): two rows
  // without it are the same key, where PostgreSQL would let both in.
  for (const field of entity.fields) {
    const optional = field.uniqueWithin?.some((name) => !entity.fields.find((f) => f.name === name)?.required);
    if (optional && field.column) table.indexes[identifier(`${entity.table}_${field.column}_unique`)].nullsNotDistinct = true;
  }
  const indexed = new Set(Object.values(table.indexes).map((index) => index.on));
  for (const name of new Set([entity.list.sort.field, ...entity.list.filters])) {
    const field = entity.fields.find((f) => f.name === name);
    if (!field?.column || field.kind === 'id' || indexed.has(sqlName(field.column))) continue;
    if (field.kind === 'choices') {
      // A filter on a choices field asks which lists hold a value (`@>`), which a GIN index answers.
      table.indexes[identifier(`${entity.table}_${field.column}_gin`)] = { unique: false, method: 'gin', on: `${sqlName(field.column)} jsonb_path_ops` };
      continue;
    }
    table.indexes[identifier(`${entity.table}_${field.column}_idx`)] = { unique: false, method: 'btree', on: sqlName(field.column) };
  }
  for (const name of entity.list.search) {
    const field = entity.fields.find((f) => f.name === name)!;
    const column = field.column!;
    table.indexes[identifier(`${entity.table}_${column}_trgm`)] = {
      unique: false, method: 'gin', on: `immutable_unaccent(lower(${sqlName(column)})) gin_trgm_ops`,
    };
    // The first digits of a CPF or CNPJ typed into `q` are a range of this index (the trigram index
    // reads the posting lists of every trigram of `137.735`, padded ones included).
    if (searchedByStartAs(field).length > 0) {
      table.indexes[identifier(`${entity.table}_${column}_prefix`)] = { unique: false, method: 'btree', on: `${sqlName(column)} text_pattern_ops` };
    }
  }
  return table;
}

function addFieldColumn(table: TableShape, tableName: string, field: Field, topLevel: boolean): void {
  const type = sqlType(field);
  if (!field.column || type === null) return;
  const column = field.column;
  if (field.kind === 'id') {
    table.columns[column] = { type, notNull: true, default: null, identity: true };
    table.primaryKey = [column];
    return;
  }
  const stamp = column === 'created_at' || column === 'updated_at';
  if (field.kind === 'choices') {
    // Always a list, in the schema's order: `[]` holds no value.
    table.columns[column] = { type, notNull: true, default: `'${JSON.stringify(field.default ?? []).replaceAll("'", "''")}'::jsonb` };
    return;
  }
  table.columns[column] = {
    type,
    ...(kindHas(field.kind, 'collated') ? { collation: TEXT_COLLATION } : {}),
    // Optional fields stay nullable even with a default: the API may store an explicit null.
    notNull: stamp || field.required || column === 'inactivated',
    default: stamp ? 'now()' : sqlDefault(field.default),
  };
  if (field.kind === 'reference') {
    table.foreignKeys[identifier(`${tableName}_${column}_fk`)] = { column, references: field.reference!.table, onDelete: field.reference!.onDelete };
    table.indexes[identifier(`${tableName}_${column}_idx`)] = { unique: false, method: 'btree', on: sqlName(column) };
  }
  if (field.unique && topLevel) {
    const own = kindHas(field.kind, 'text') ? `lower(${sqlName(column)})` : sqlName(column);
    // `x-unique: {within: [...]}`: unique among the rows sharing those columns (a slug within its category).
    const on = [...(field.uniqueWithin ?? []).map(sqlName), own].join(', ');
    table.indexes[identifier(`${tableName}_${column}_unique`)] = { unique: true, method: 'btree', on };
  }
}

function childTables(ownerTable: string, field: Field, add: (name: string, shape: TableShape) => void): void {
  if (field.kind === 'references' && field.join && field.reference) {
    const { table, ownKey, otherKey } = field.join;
    const join = emptyTable();
    join.columns[ownKey] = { type: 'bigint', notNull: true, default: null };
    join.columns[otherKey] = { type: 'bigint', notNull: true, default: null };
    join.primaryKey = [ownKey, otherKey];
    join.foreignKeys[identifier(`${table}_${ownKey}_fk`)] = { column: ownKey, references: ownerTable, onDelete: 'cascade' };
    join.foreignKeys[identifier(`${table}_${otherKey}_fk`)] = { column: otherKey, references: field.reference.table, onDelete: field.reference.onDelete };
    join.indexes[identifier(`${table}_${otherKey}_idx`)] = { unique: false, method: 'btree', on: sqlName(otherKey) };
    add(table, join);
  }
  if (field.kind === 'sublist' && field.sublist) {
    const { table, parentKey, fields } = field.sublist;
    const child = emptyTable();
    const [id, ...rest] = fields;
    addFieldColumn(child, table, id, false);
    child.columns[parentKey] = { type: 'bigint', notNull: true, default: null };
    child.foreignKeys[identifier(`${table}_${parentKey}_fk`)] = { column: parentKey, references: ownerTable, onDelete: 'cascade' };
    child.indexes[identifier(`${table}_${parentKey}_idx`)] = { unique: false, method: 'btree', on: sqlName(parentKey) };
    for (const item of rest) addFieldColumn(child, table, item, false);
    add(table, child);
    for (const item of rest) childTables(table, item, add);
  }
}

function emptyTable(): TableShape {
  return { columns: {}, primaryKey: [], foreignKeys: {}, indexes: {} };
}

function sqlDefault(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** PostgreSQL cuts names at 63 bytes; longer ones keep a hash so they stay unique. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
}
