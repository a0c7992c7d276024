import type { EntityDatabase, Field } from '../../language/index.js';
import { pascalCase, type Plan } from '../plan.js';
import { ALL_SCHEMAS } from './banner.js';
import { quote } from './literal.js';
import { snapshotOfModel, type ColumnShape } from './migrations-snapshot.js';
import { printSourceFile } from './source-file.js';

/** The interface each database's tables are gathered in. */
const DATABASES: Record<EntityDatabase, string> = { space: 'SpaceDatabase', platform: 'PlatformDatabase' };

const ALIASES = [
  {
    name: 'Generated<T>',
    type: '[T] extends [ColumnType<infer S, infer I, infer U>] ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>',
    doc: "A column the database fills when an insert leaves it out (Kysely's own `Generated` does not see through a `ColumnType`).",
  },
  { name: 'Timestamp', type: 'ColumnType<Date, Date | string, Date | string>', doc: '`timestamptz`: read as a Date; written as a Date or ISO 8601 text.' },
  { name: 'Numeric', type: 'ColumnType<string, string, string>', doc: '`numeric` (money, decimals): read and written as text, so no digit is lost (a JS number keeps about 16).' },
  {
    name: 'Choices<T>',
    type: 'ColumnType<T[], string, string>',
    doc: '`jsonb` list of a choices field: read as its values, in the schema\'s order; written as JSON text (`JSON.stringify`), since the driver would send an array as a PostgreSQL array.',
  },
  { name: 'Json', type: 'ColumnType<unknown, object | string | number | boolean, object | string | number | boolean>', doc: '`jsonb`: read as the parsed value; written as a value the driver serialises.' },
];

interface TablePlan {
  name: string;
  database: EntityDatabase;
  source: string;
  columns: Record<string, ColumnShape>;
  /** The field behind each column, where it has one (enum columns read as their values). */
  fields: Map<string, Field>;
}

/**
 * `generated/database.ts`: Kysely's view of each database, built from the same table shapes the
 * migrations are (every table of the schemas, join and sub-list tables included). Column types are
 * what the driver returns (bigint as a number, `date` as text, see src/server/core/db/pg-pool.ts); a
 * column the database fills (identity, a default) is `Generated`, so an insert may leave it out.
 * The interfaces are open: a feature declares the tables and columns it makes by hand beside its
 * own migrations, by declaration merging.
 */
export function emitDatabase(plan: Plan): Map<string, string> {
  const tables = tablesOf(plan);
  const content = printSourceFile('database.ts', ALL_SCHEMAS, (file) => {
    file.addImportDeclaration({ moduleSpecifier: 'kysely', namedImports: ['ColumnType'], isTypeOnly: true });
    for (const alias of ALIASES) file.addTypeAlias({ isExported: true, name: alias.name, type: alias.type, docs: [alias.doc] });
    for (const table of tables) {
      file.addInterface({
        isExported: true,
        name: interfaceName(table.name),
        docs: [`\`${table.name}\` (${table.source}).`],
        properties: Object.entries(table.columns).map(([name, shape]) => ({ name, type: columnType(shape, table.fields.get(name)) })),
      });
    }
    for (const [database, name] of Object.entries(DATABASES)) {
      file.addInterface({
        isExported: true,
        name,
        docs: [`The tables of the ${database} database, by name.`],
        properties: tables.filter((table) => table.database === database).map((table) => ({ name: table.name, type: interfaceName(table.name) })),
      });
    }
  });
  return new Map([['generated/database.ts', content]]);
}

function tablesOf(plan: Plan): TablePlan[] {
  const tables = new Map<string, TablePlan>();
  for (const { entity } of plan.entities) {
    const { tables: shapes } = snapshotOfModel({ entities: [entity], byModule: new Map([[entity.module, entity]]) });
    const fields = fieldsByTable(entity.table, entity.fields);
    for (const [name, shape] of Object.entries(shapes)) {
      const known = tables.get(name);
      if (known && known.database !== entity.database) throw new Error(`Table "${name}" is in both the space and the platform database.`);
      if (!known) tables.set(name, { name, database: entity.database, source: entity.source, columns: shape.columns, fields: fields.get(name) ?? new Map() });
    }
  }
  return [...tables.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The fields behind the columns of a table and of its sub-list tables, by table and column. */
function fieldsByTable(table: string, fields: Field[], into = new Map<string, Map<string, Field>>()): Map<string, Map<string, Field>> {
  const columns = into.get(table) ?? new Map<string, Field>();
  into.set(table, columns);
  for (const field of fields) {
    if (field.column) columns.set(field.column, field);
    if (field.sublist) fieldsByTable(field.sublist.table, field.sublist.fields, into);
  }
  return into;
}

function columnType(shape: ColumnShape, field: Field | undefined): string {
  const value = valueType(shape, field);
  const type = shape.notNull ? value : `${value} | null`;
  return shape.identity || (shape.notNull && shape.default !== null) ? `Generated<${type}>` : type;
}

/** The TypeScript type of a column's value as the driver reads it. */
function valueType(shape: ColumnShape, field: Field | undefined): string {
  if ((field?.kind === 'enum' || field?.kind === 'choices') && field.enumOptions) {
    const values = field.enumOptions.map((option) => (typeof option.value === 'number' ? String(option.value) : quote(option.value))).join(' | ');
    return field.kind === 'choices' ? `Choices<${values}>` : values;
  }
  switch (shape.type.replace(/\(.*$/, '')) {
    case 'bigint':
    case 'integer':
      return 'number';
    case 'numeric':
      return 'Numeric';
    case 'boolean':
      return 'boolean';
    case 'timestamptz':
      return 'Timestamp';
    case 'jsonb':
      return 'Json';
    default:
      return 'string';
  }
}

/** `user_permissions` → `UserPermissionsTable`. */
const interfaceName = (table: string) => `${pascalCase(table)}Table`;
