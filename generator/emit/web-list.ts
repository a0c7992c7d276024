import { VariableDeclarationKind } from 'ts-morph';
import { searchedByStartAs } from '../../language/index.js';
import type { EntityPlan, FieldSpecData } from '../plan.js';
import { literal, propertyKey } from './literal.js';
import { kitImport, printSourceFile } from './source-file.js';
import { CHOICES_IMPORT, withSharedChoices } from './web-choices.js';

/**
 * `generated/web/<module>/List.tsx`: the list screen. Its columns and filters are exported as field
 * specs keyed by field (`columns.url`), and everything it hands the kit as `list`, so a hand-written
 * list reuses them (adds a column, gives one its own cell) instead of copying them. It imports the
 * kit's list part only: a list loads no form code.
 */
export function emitListScreen(plan: EntityPlan): string {
  const { entity } = plan;
  return printSourceFile('List.tsx', entity.source, (file) => {
    file.addImportDeclaration({
      moduleSpecifier: kitImport('/list'),
      namedImports: ['ResourceList', { name: 'FieldSpec', isTypeOnly: true }, { name: 'ListProps', isTypeOnly: true }],
    });
    const lists = withSharedChoices([plan.columns, plan.filters]);
    if (lists.shared) file.addImportDeclaration(CHOICES_IMPORT);
    const [columns, filters] = lists.specs;
    const docs = {
      columns: "The list's columns by field, in the schema's order (`x-list.columns`).",
      filters: entity.inactivatable
        ? "The list's filters by field (`x-list.filters`, then 'Situação' for the inactivatable entity)."
        : "The list's filters by field (`x-list.filters`).",
    };
    for (const [name, specs] of [['columns', columns], ['filters', filters]] as const) {
      file.addVariableStatement({
        isExported: true,
        docs: [docs[name]],
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name, initializer: bySource(specs, 0) }],
      });
    }
    const sort = { field: entity.list.sort.field, order: entity.list.sort.order === 'desc' ? 'DESC' : 'ASC' };
    // The searched fields `q` finds by their start (a CPF, a CNPJ): the screen says so when a number is typed.
    const byStart = [
      ...entity.list.search.map((name) => entity.fields.find((f) => f.name === name)!).filter((f) => searchedByStartAs(f).length > 0).map((f) => f.label),
      ...entity.list.searchThrough.flatMap((through) => through.byStartLabels),
    ].filter((label, i, all) => all.indexOf(label) === i);
    const props = [
      'columns: Object.values(columns)',
      'filters: Object.values(filters)',
      `sort: ${literal(sort)}`,
      `search: ${entity.list.search.length + entity.list.searchThrough.length > 0}`,
      ...(byStart.length > 0 ? [`searchByStart: ${literal(byStart)}`] : []),
      `recordLabel: ${literal(entity.recordLabel)}`,
      ...(entity.listOnly ? ['readOnly: true'] : []),
      ...(entity.operations.delete && !entity.bulkDelete ? ['bulkDelete: false'] : []),
    ];
    file.addVariableStatement({
      isExported: true,
      docs: ['What the list screen hands the kit: a hand-written list spreads it and changes what differs.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'list', type: 'ListProps', initializer: `{ ${props.join(', ')} }` }],
    });
    file.addFunction({
      name: `${plan.typeName}List`,
      isDefaultExport: true,
      statements: 'return <ResourceList {...list} />;',
    });
  });
}

const SATISFIES = ' satisfies Record<string, FieldSpec>';

/**
 * Field specs as an object keyed by their source, in their order, each checked against the kit's
 * `FieldSpec`: one spec a line, read as a table (a sub-list's item fields one a line below it).
 */
export function bySource(specs: readonly unknown[], indent: number): string {
  const pad = ' '.repeat(indent + 2);
  const lines = specs.map((spec) => `${pad}${propertyKey((spec as FieldSpecData).source)}: ${specLiteral(spec as Record<string, unknown>, indent + 2)},`);
  return lines.length === 0 ? `{}${SATISFIES}` : `{\n${lines.join('\n')}\n${' '.repeat(indent)}}${SATISFIES}`;
}

/** One spec on one line; a sub-list's spec over several, its item fields one a line (at every depth). */
function specLiteral(spec: Record<string, unknown>, indent: number): string {
  const sublist = spec.sublist as Record<string, unknown> | undefined;
  if (!sublist || !Array.isArray(sublist.fields)) return literal(spec, 0, Infinity);
  const flat = (value: unknown) => literal(value, 0, Infinity);
  // An item field that is a sub-list itself (a nested sub-list) spreads over lines the same way.
  const items = (fields: unknown[], at: number) => block(fields.map((field) => ['', specLiteral(field as Record<string, unknown>, at + 2)]), at, '[', ']');
  const about = Object.entries(sublist).map(([key, value]): [string, string] => [key, key === 'fields' ? items(value as unknown[], indent + 4) : flat(value)]);
  const props = Object.entries(spec).map(([key, value]): [string, string] => [key, key === 'sublist' ? block(about, indent + 2) : flat(value)]);
  return block(props, indent);
}

/** `{`/`[` and one member a line, closed at `indent`. */
function block(members: [string, string][], indent: number, open = '{', close = '}'): string {
  const pad = ' '.repeat(indent + 2);
  const lines = members.filter(([, text]) => text !== 'undefined').map(([key, text]) => `${pad}${key ? `${propertyKey(key)}: ` : ''}${text},`);
  return `${open}\n${lines.join('\n')}\n${' '.repeat(indent)}${close}`;
}
