import { SchemaError } from './errors.js';
import type { SchemaFile } from './load.js';
import {
  MENU_AREAS,
  type Entity,
  type Field,
  type FieldKind,
  type JsonSchemaObject,
  type ListSpec,
  type MenuArea,
  type Model,
  type Operation,
  type OrderRule,
  type ReferenceSpec,
  OPERATIONS,
} from './model.js';
import { normaliseCombos } from './combos.js';
import { KIND_FACTS, searchedByStartAs } from './kinds.js';
import type { KindParts } from './model.js';
import { fileSpecOf } from './files.js';
import { fieldRule } from './rules.js';
import { checkFieldRules, conditionalRequirements, fieldRuleParts, orderRules } from './conditions.js';
import { normaliseSections } from './sections.js';
import { choicesParts, CHOICES_KEYWORDS } from './choices.js';
import { checkLookupTargets, lookupOf, resolveLookupClears } from './lookup.js';
import { checkPostalCodeFills, postalCodeFill } from './postal-code.js';

type Json = Record<string, any>;

/** Turns checked schema files into the entity model. Pure: reads nothing, writes nothing, mutates nothing. */
export function normalise(files: SchemaFile[]): Model {
  const tables: Tables = new Map();
  for (const file of files) {
    tables.set(file.module, { table: String(file.json['x-table']), recordLabel: String(file.json['x-record-label']), typeAhead: file.json['x-type-ahead'] === true, combos: [...new Set(['default', ...Object.keys(file.json['x-combos'] ?? {})])] });
  }
  const entities = files.map((file) => normaliseEntity(file, tables));
  const seenTables = new Map<string, string>();
  for (const entity of entities) {
    const other = seenTables.get(entity.table);
    if (other) throw new SchemaError(entity.source, '/x-table', `table "${entity.table}" is already used by ${other}.`);
    seenTables.set(entity.table, entity.module);
  }
  const byModule = new Map(entities.map((e) => [e.module, e]));
  for (const entity of entities) {
    resolveSearchThrough(entity, byModule);
    checkSameDatabase(entity, byModule);
    checkLookupTargets(entity.fields, '/properties', byModule, (path, sentence) => {
      throw new SchemaError(entity.source, path, sentence);
    });
  }
  return { entities, byModule };
}

/**
 * A search through a reference reads the referenced module's own search: its searched columns and
 * the numbers some hold. That module must search something of its own (one step, no chain).
 */
function resolveSearchThrough(entity: Entity, byModule: Map<string, Entity>): void {
  for (const through of entity.list.searchThrough) {
    const target = byModule.get(through.module)!;
    const at = `/x-list/search/${entity.list.search.length + entity.list.searchThrough.indexOf(through)}`;
    if (target.list.search.length === 0) {
      throw new SchemaError(entity.source, at, `names "${through.field}", a reference to ${target.module}, whose list searches no text of its own ("x-list.search") to find its records by.`);
    }
    through.columns = [...target.list.search];
    for (const name of target.list.search) {
      const field = target.fields.find((f) => f.name === name)!;
      const kinds = searchedByStartAs(field);
      if (kinds.length) {
        through.byStart[field.column!] = kinds;
        through.byStartLabels.push(field.label);
      }
    }
  }
}

/** A foreign key cannot cross databases: a reference must name a module kept in the same database. */
function checkSameDatabase(entity: Entity, byModule: Map<string, Entity>): void {
  for (const field of withItemFields(entity.fields)) {
    const target = field.reference && byModule.get(field.reference.module);
    if (target && target.database !== entity.database) {
      throw new SchemaError(entity.source, `/properties/${field.name}/x-reference/module`,
        `names module "${target.module}", kept in the ${target.database} database, but ${entity.module} is kept in the ${entity.database} database.`);
    }
  }
}

/** The fields and, at every depth, the fields of their sub-lists' items. */
function withItemFields(fields: Field[]): Field[] {
  return fields.flatMap((f) => [f, ...(f.sublist ? withItemFields(f.sublist.fields) : [])]);
}

type Tables = Map<string, { table: string; recordLabel: string; typeAhead: boolean; combos: string[] }>;

function normaliseEntity(file: SchemaFile, tables: Tables): Entity {
  const json = file.json as Json;
  const fail = (path: string, sentence: string): never => {
    throw new SchemaError(file.path, path, sentence);
  };
  if (json.$id !== file.module) fail('/$id', `must be "${file.module}", the file's name.`);
  if (!(file.area in MENU_AREAS)) {
    fail('', `lives in schemas/${file.area}/, which is not a menu area (${Object.keys(MENU_AREAS).join(', ')}).`);
  }
  const required = new Set<string>(json.required ?? []);
  const inactivatable = json['x-inactivatable'] === true;
  const declared = Object.entries(json.properties as Json).map(([name, source]) =>
    normaliseField(name, source, required.has(name), `/properties/${name}`, fail, tables, json['x-table']),
  );
  for (const name of required) {
    if (!(name in json.properties)) fail('/required', `names "${name}", which is not a field.`);
  }
  const fields: Field[] = [
    implicitField('id', 'id', 'ID'),
    ...declared,
    ...(inactivatable
      ? [
          { ...implicitField('inactivated', 'boolean', 'Inativo'), nullable: false, readOnly: false, serverSet: false, inForm: true, default: false },
          implicitField('inactivated_at', 'datetime', 'Inativado em'),
        ]
      : []),
    implicitField('created_at', 'datetime', 'Criado em'),
    implicitField('updated_at', 'datetime', 'Atualizado em'),
  ];
  const names = new Set(fields.map((f) => f.name));
  const mustBeField = (path: string, name: string) => {
    if (!names.has(name)) fail(path, `names "${name}", which is not a field of ${file.module}.`);
  };
  checkDependsOn(declared, '/properties', fail);
  checkUniqueWithin(declared, fail);
  checkFieldRules(declared, '/properties', fail);
  checkPostalCodeFills(declared, '/properties', fail);
  resolveLookupClears(declared);
  const order = orderRules(json['x-order'], declared, fail);
  const access = json['x-access'] ?? 'permission';
  if (access === 'any' && json['x-insert-permission'] === 'admin') {
    fail('/x-access', 'opens the module to every signed-in person, while "x-insert-permission" keeps insert to administrators: keep one of them.');
  }
  const operations = operationsOf(json['x-operations']);
  if (json['x-bulk-delete'] === true && !operations.delete) fail('/x-bulk-delete', 'allows deleting several records at once, but "x-operations" offers no delete.');
  checkFileFields(declared, json, fail);
  if (json['x-documents'] === true && json['x-database'] === 'platform') fail('/x-documents', 'attaches documents, which are kept in a space\'s database, to an entity kept in the platform database.');
  if (json['x-documents'] === true && !(operations.show && operations.update)) fail('/x-documents', 'attaches documents to records, which needs "show" and "update" among "x-operations".');
  if (json['x-occurrences'] === true && json['x-database'] === 'platform') fail('/x-occurrences', 'gives occurrences, which are kept in a space\'s database, to an entity kept in the platform database.');
  if (json['x-occurrences'] === true && !(operations.show && operations.update)) fail('/x-occurrences', 'gives records occurrences, which needs "show" and "update" among "x-operations".');
  mustBeField('/x-record-label', json['x-record-label']);
  const naturalKey = naturalKeyOf(json['x-natural-key'], fields, fail);
  const comboLabel: string[] = json['x-combo-label'] ?? [json['x-record-label']];
  comboLabel.forEach((name, i) => mustBeField(`/x-combo-label/${i}`, name));
  if (json['x-combos']?.default?.label) fail('/x-combos/default/label', 'the plain combo is named by "x-combo-label"; a named combo may have a "label" of its own.');
  const combos = normaliseCombos(file.module, json['x-combos'], comboLabel, fields, fail);
  const list = normaliseList(json['x-list'], mustBeField);
  if (fields.find((f) => f.name === list.sort.field)?.kind === 'choices') {
    fail('/x-list/sort', `names "${list.sort.field}", a field of several values (kind choices), by which a list cannot be sorted.`);
  }
  checkExternalNotListed(declared, list, fail);
  for (const [i, name] of list.search.entries()) {
    const field = fields.find((f) => f.name === name)!;
    // A reference is searched through its record, by the referenced module's own search (resolved once every module is read).
    if (field.kind === 'reference') {
      list.searchThrough.push({ field: name, module: field.reference.module, table: field.reference.table, columns: [], byStart: {}, byStartLabels: [] });
      continue;
    }
    if (field.column === null || !['text', 'textarea', 'email', 'cpf', 'cnpj', 'cep', 'phone', 'mask', 'url'].includes(field.kind)) {
      fail(`/x-list/search/${i}`, `"${name}" cannot be searched as text (kind ${field.kind}).`);
    }
  }
  list.search = list.search.filter((name) => !list.searchThrough.some((through) => through.field === name));
  return {
    module: file.module,
    area: file.area as MenuArea,
    source: file.path,
    table: json['x-table'],
    database: json['x-database'] ?? 'space',
    permission: json['x-permission'],
    label: json['x-label'],
    recordLabel: json['x-record-label'],
    naturalKey,
    comboLabel,
    combos,
    typeAhead: json['x-type-ahead'] === true,
    inactivatable,
    documents: json['x-documents'] === true,
    occurrences: json['x-occurrences'] === true,
    screens: json['x-screens'] !== false,
    listOnly: json['x-screens'] === 'list',
    accounts: json['x-accounts'] === true,
    operations,
    insertPermission: json['x-insert-permission'] ?? 'store',
    bulkDelete: operations.delete && json['x-bulk-delete'] !== false,
    access,
    order,
    fields,
    sections: normaliseSections(json['x-sections'], fields, file.module, fail),
    list,
    rules: { create: formRules(fields, 'create', order), edit: formRules(fields, 'edit', order) },
    icon: json['x-icon'] ?? 'ListAlt',
  };
}

/**
 * `x-natural-key` names the field a spreadsheet import finds an existing record by (a CPF, a CNPJ, a
 * registration's number within its category): a field of the record itself with a column, unique on
 * its own or within other fields the form writes, of a kind written as one text.
 */
function naturalKeyOf(name: unknown, fields: Field[], fail: (path: string, sentence: string) => never): string | null {
  if (name === undefined) return null;
  const field = fields.find((f) => f.name === name);
  if (!field || field.column === null) fail('/x-natural-key', `names "${String(name)}", which is not a field of the record with a column of its own.`);
  if (!field.unique) fail('/x-natural-key', `names "${field.name}", which is not unique: give it "x-unique" (true, or within other fields).`);
  for (const other of (field.uniqueWithin ?? []).map((n) => fields.find((f) => f.name === n))) {
    if (other && (other.writeOnly || other.serverSet)) fail('/x-natural-key', `names "${field.name}", unique within "${other.name}", which the form does not write.`);
  }
  if (!['text', 'cpf', 'cnpj', 'email', 'mask', 'integer'].includes(field.kind)) fail('/x-natural-key', `names "${field.name}", of kind ${field.kind}, which a spreadsheet cell cannot name a record by.`);
  if (field.writeOnly || field.serverSet) fail('/x-natural-key', `names "${field.name}", which the form does not write.`);
  return field.name;
}

/**
 * File fields are stored through the space's `files` table and shown as a name with a download link
 * in the form: not in the platform database, and not in a list's columns, filters or order.
 */
function checkFileFields(fields: Field[], json: Json, fail: (path: string, sentence: string) => never): void {
  const files = new Set(fields.filter((f) => f.kind === 'file').map((f) => f.name));
  if (files.size === 0) return;
  if (json['x-database'] === 'platform') fail(`/properties/${[...files][0]}`, 'is a file field, which only an entity kept in a space\'s database may have (not "x-database": "platform").');
  const list = json['x-list'];
  for (const key of ['columns', 'filters'] as const) {
    (list[key] ?? []).forEach((name: string, i: number) => {
      if (files.has(name)) fail(`/x-list/${key}/${i}`, `names "${name}", a file field, which a list cannot show: list the fields that describe the file instead.`);
    });
  }
  const sort = String(list.sort).replace(/^-/, '');
  if (files.has(sort)) fail('/x-list/sort', `names "${sort}", a file field, by which a list cannot be sorted.`);
}

/** An external field has no column: a list can neither show, filter nor sort by it. */
function checkExternalNotListed(fields: Field[], list: ListSpec, fail: (path: string, sentence: string) => never): void {
  const external = new Set(fields.filter((f) => f.kind === 'external').map((f) => f.name));
  for (const key of ['columns', 'filters'] as const) {
    list[key].forEach((name, i) => {
      if (external.has(name)) fail(`/x-list/${key}/${i}`, `names "${name}", an external field (kept outside the table), which a list cannot show or filter by.`);
    });
  }
  if (external.has(list.sort.field)) fail('/x-list/sort', `names "${list.sort.field}", an external field, by which a list cannot be sorted.`);
}

/** `x-unique: {within}` names other fields of the record that have a column of their own (the index covers them). */
function checkUniqueWithin(fields: Field[], fail: (path: string, sentence: string) => never): void {
  for (const field of fields) {
    field.uniqueWithin?.forEach((name, i) => {
      const other = fields.find((f) => f.name === name);
      if (!other || other === field || other.column === null) {
        fail(`/properties/${field.name}/x-unique/within/${i}`, `names "${name}", which is not another field of the record with a column of its own.`);
      }
    });
  }
}

/** `depends-on` as the model holds it: `required-when-offered` in camel case, kept only when true. */
function dependsOnOf(source: { field: string; param: string; 'required-when-offered'?: boolean }): NonNullable<ReferenceSpec['dependsOn']> {
  return { field: source.field, param: source.param, ...(source['required-when-offered'] ? { requiredWhenOffered: true as const } : {}) };
}

/** A dependent combo filters by another field of the same form (or of the same sub-list item). */
function checkDependsOn(fields: Field[], base: string, fail: (path: string, sentence: string) => never): void {
  for (const field of fields) {
    const dependsOn = field.reference?.dependsOn;
    if (dependsOn && !fields.some((other) => other.name === dependsOn.field && other !== field)) {
      fail(`${base}/${field.name}/x-reference/depends-on/field`, `names "${dependsOn.field}", which is not another field of the same form.`);
    }
    if (dependsOn?.requiredWhenOffered && field.required) {
      fail(`${base}/${field.name}/x-reference/depends-on/required-when-offered`, 'makes the field required only while its combo offers options, so the field cannot also be listed in "required".');
    }
    if (field.sublist) checkDependsOn(field.sublist.fields, `${base}/${field.name}/items/properties`, fail);
  }
}

function operationsOf(listed: Operation[] | undefined): Record<Operation, boolean> {
  return Object.fromEntries(OPERATIONS.map((op) => [op, listed ? listed.includes(op) : true])) as Record<Operation, boolean>;
}

function implicitField(name: string, kind: 'id' | 'boolean' | 'datetime', label: string): Field {
  return {
    name, kind, label, column: name, required: false, nullable: name !== 'id', readOnly: true,
    serverSet: true, writeOnly: false, unique: name === 'id', inForm: false,
  };
}

function normaliseList(source: Json, mustBeField: (path: string, name: string) => void): ListSpec {
  source.columns.forEach((name: string, i: number) => mustBeField(`/x-list/columns/${i}`, name));
  source.search.forEach((name: string, i: number) => mustBeField(`/x-list/search/${i}`, name));
  const filters: string[] = source.filters ?? [];
  filters.forEach((name, i) => mustBeField(`/x-list/filters/${i}`, name));
  const descending = source.sort.startsWith('-');
  const field = descending ? source.sort.slice(1) : source.sort;
  mustBeField('/x-list/sort', field);
  return { columns: source.columns, search: [...source.search], searchThrough: [], filters, sort: { field, order: descending ? 'desc' : 'asc' } };
}

function inferKind(source: Json): FieldKind {
  if (source['x-kind']) return source['x-kind'];
  if (source['x-file']) return 'file';
  if (source['x-external']) return 'external';
  if (source.enum) return 'enum';
  if (source.type === 'array') return source['x-sublist'] ? 'sublist' : source.items?.enum ? 'choices' : 'references';
  if (source['x-reference']) return 'reference';
  if (source.type === 'string') {
    const byFormat: Record<string, FieldKind> = { date: 'date', 'date-time': 'datetime', time: 'time', email: 'email', uri: 'url' };
    return byFormat[source.format] ?? 'text';
  }
  if (source.type === 'object') return 'json';
  if (source.type === 'integer') return 'integer';
  return 'boolean';
}

function normaliseField(
  name: string,
  source: Json,
  required: boolean,
  path: string,
  fail: (path: string, sentence: string) => never,
  tables: Tables,
  ownTable: string,
  depth = 0,
): Field {
  if (!source.type) fail(path, 'has no "type".');
  if (source.type === 'number') {
    fail(`${path}/type`, 'is "number", a binary fraction that loses digits (0.1 + 0.2): an exact number is {"type": "string", "x-kind": "decimal", "x-digits": {"integer": 19, "fraction": 13}}, an amount of money {"type": "string", "x-kind": "money"}.');
  }
  const kind = inferKind(source);
  const allowed = KIND_FACTS[kind]?.jsonTypes;
  if (allowed && !allowed.includes(source.type)) fail(path, `is of kind "${kind}", which needs type ${allowed.join(' or ')}.`);
  if (kind === 'mask' && !source['x-mask']) fail(path, 'is of kind "mask" and needs "x-mask".');
  if (kind === 'decimal' && !source['x-digits']) {
    fail(path, 'is of kind "decimal" and needs "x-digits": how many digits it keeps before and after the point, e.g. {"integer": 19, "fraction": 13}.');
  }
  if (kind !== 'decimal' && source['x-digits']) fail(`${path}/x-digits`, `applies only to a field of kind "decimal" (this one is of kind "${kind}").`);
  // Built up by kind below; the checks above and below make it the variant its kind names.
  const field: FieldBeingBuilt = {
    name, kind, label: source['x-label'], column: name, required, nullable: !required,
    readOnly: source.readOnly === true, serverSet: source['x-server-set'] === true,
    writeOnly: source.writeOnly === true || kind === 'password', unique: source['x-unique'] === true || typeof source['x-unique'] === 'object',
    inForm: source['x-server-set'] !== true,
  };
  for (const key of ['maxLength', 'minLength', 'minimum', 'maximum', 'pattern', 'default'] as const) {
    if (source[key] !== undefined) (field as any)[key] = source[key];
  }
  if (source['x-mask']) field.mask = source['x-mask'];
  if (typeof source['x-unique'] === 'object') {
    if (depth > 0) fail(`${path}/x-unique`, 'is unique within other fields, which only a field of the record itself may be (not a sub-list item\'s).');
    field.uniqueWithin = [...source['x-unique'].within];
  }
  if (['ip', 'ipv4', 'ipv6'].includes(source.format)) {
    if (kind !== 'text') fail(`${path}/format`, `is "${source.format}", which applies only to a text field (this one is of kind ${kind}).`);
    field.format = source.format;
  }
  if (source['x-digits']) field.digits = { integer: source['x-digits'].integer, fraction: source['x-digits'].fraction };
  if (source['x-help']) field.helpText = source['x-help'];
  if (source['x-moment'] === true) {
    if (kind !== 'text') fail(`${path}/x-moment`, `applies only to a text field holding a moment as 'YYYY-MM-DD HH:mm:ss' (this one is of kind "${kind}"): a date-time is kind "datetime".`);
    field.moment = true;
  }
  if (source['x-tax-id'] === true) {
    if (kind !== 'text') fail(`${path}/x-tax-id`, `applies only to a text field holding a written CPF or CNPJ (this one is of kind "${kind}"): a "cpf" or "cnpj" field is searched by its start already.`);
    field.taxId = true;
  }
  if (field.readOnly) {
    // What a body never writes cannot be asked of it, nor hidden by a condition, nor be a secret.
    const clash = ['x-server-set', 'writeOnly', 'x-when', 'default'].find((key) => source[key] !== undefined && source[key] !== false);
    if (clash) fail(`${path}/readOnly`, `cannot go with "${clash}": a read-only field is shown, and its value comes from the server.`);
    if (kind === 'sublist' || kind === 'references' || kind === 'external' || kind === 'password' || kind === 'file' || kind === 'image') {
      fail(`${path}/readOnly`, `applies to a value kept in the record's own column (this field is of kind "${kind}").`);
    }
  }
  Object.assign(field, fieldRuleParts(source, required, path, fail));
  const postalCode = postalCodeFill(source, kind, path, fail);
  if (postalCode) field.postalCode = postalCode;
  const lookup = lookupOf(source, kind, path, fail);
  if (lookup) field.lookup = lookup;
  if (source['x-audit-events']) {
    if (kind !== 'references' && kind !== 'sublist' && kind !== 'external') fail(`${path}/x-audit-events`, 'applies only to a many-to-many field, a sub-list or an external field.');
    if (depth > 0) fail(`${path}/x-audit-events`, "applies only to a field of the record itself: a sub-list item's own rows are audited in the record's row.");
    field.auditEvents = source['x-audit-events'];
  }
  if (source['x-options'] !== undefined) {
    if (kind !== 'text') fail(`${path}/x-options`, `applies only to a field of kind "text" (this one is "${kind}").`);
    field.optionsFrom = source['x-options'];
  }
  if (source['x-file'] && kind !== 'file') fail(`${path}/x-file`, `applies only to a field of kind "file" (this one is "${kind}").`);
  if (kind === 'file') field.file = fileSpecOf(source, path, fail);
  if (kind === 'external') {
    if (source.type !== 'array' || source.items?.type !== 'integer' || source['x-reference'] || source['x-sublist']) {
      fail(`${path}/x-external`, 'applies only to a list of ids ("type": "array", "items": {"type": "integer"}) with no "x-reference" or "x-sublist".');
    }
    field.column = null;
    field.external = { options: source['x-external'].options };
  }
  for (const key of CHOICES_KEYWORDS) {
    if (source[key] !== undefined && kind !== 'choices') fail(`${path}/${key}`, `applies only to a field of kind "choices" (this one is of kind "${kind}").`);
  }
  if (kind === 'choices') {
    if (source['x-reference']) fail(`${path}/x-reference`, 'applies to a list of ids of another module; a choices field offers the values of its own "items.enum".');
    if (source['x-unique'] !== undefined) fail(`${path}/x-unique`, 'cannot make a field of several values (kind choices) unique.');
    Object.assign(field, choicesParts(source, path, fail));
    // No value is an empty list, never null: the column holds `[]`.
    field.nullable = false;
  }
  if (kind === 'enum') {
    const labels: string[] = source['x-enum-labels'] ?? source.enum.map(String);
    if (labels.length !== source.enum.length) fail(`${path}/x-enum-labels`, `has ${labels.length} labels for ${source.enum.length} values.`);
    field.enumOptions = source.enum.map((value: string | number, i: number) => ({ value, label: labels[i] }));
  }
  if (kind === 'reference' || kind === 'references') {
    const ref = source['x-reference'];
    if (!ref) fail(path, `is of kind "${kind}" and needs "x-reference".`);
    const target = tables.get(ref.module);
    if (!target) fail(`${path}/x-reference/module`, `names module "${ref.module}", which has no schema file.`);
    field.reference = {
      module: ref.module,
      table: target!.table,
      labelField: ref.label ?? target!.recordLabel,
      onDelete: ref['on-delete'] ?? (kind === 'references' ? 'cascade' : 'restrict'),
      typeAhead: target!.typeAhead,
      ...(ref.combo ? { combo: ref.combo } : {}),
      ...(ref['depends-on'] ? { dependsOn: dependsOnOf(ref['depends-on']) } : {}),
    };
    if (ref.combo && !target!.combos.includes(ref.combo)) {
      fail(`${path}/x-reference/combo`, `names the combo "${ref.combo}", which ${ref.module} does not declare in "x-combos" (its combos: ${target!.combos.join(', ')}).`);
    }
    if (kind === 'references') {
      field.column = null;
      const joinTable = source['x-join-table'] ?? `${ownTable}_${target!.table}`;
      field.join = { table: joinTable, ownKey: `${singular(ownTable)}_id`, otherKey: `${singular(target!.table)}_id` };
    }
  }
  if (kind === 'sublist') {
    const spec = source['x-sublist'];
    const items = source.items as Json | undefined;
    if (!items || items.type !== 'object' || typeof items.properties !== 'object') {
      fail(`${path}/items`, 'must be an object schema with "properties" (the sub-list item).');
    }
    const itemRequired = new Set<string>(items!.required ?? []);
    const itemFields = Object.entries(items!.properties as Json).map(([itemName, itemSource]) => {
      const itemPath = `${path}/items/properties/${itemName}`;
      if (depth + 1 >= MAX_SUBLIST_DEPTH && itemSource?.type === 'array' && itemSource['x-sublist']) {
        fail(itemPath, `is a sub-list inside a sub-list inside a sub-list: sub-lists nest ${MAX_SUBLIST_DEPTH} levels deep at most (the form edits a nested row inside its parent row).`);
      }
      const f = normaliseField(itemName, itemSource, itemRequired.has(itemName), itemPath, fail, tables, spec.table, depth + 1);
      if (f.kind === 'file') fail(itemPath, 'a file field cannot be in a sub-list item: put it in the entity itself.');
      return f;
    });
    if (spec.main && !itemFields.some((f) => f.name === spec.main && f.kind === 'boolean')) {
      fail(`${path}/x-sublist/main`, `names "${spec.main}", which is not a boolean field of the item.`);
    }
    if (spec['main-required'] && !spec.main) fail(`${path}/x-sublist/main-required`, 'needs "main": the boolean field of the item that marks the main one.');
    if (spec.week) checkWeek(spec.week, itemFields, `${path}/x-sublist/week`, fail);
    field.column = null;
    field.sublist = {
      table: spec.table, parentKey: `${singular(ownTable)}_id`, itemLabel: spec.item,
      ...(spec.main ? { mainField: spec.main } : {}),
      ...(spec.gender === 'f' ? { itemGender: 'f' as const } : {}),
      ...(spec['main-required'] ? { mainRequired: true } : {}),
      ...(items!['x-order'] ? { order: orderRules(items!['x-order'], itemFields, fail, `${path}/items`) } : {}),
      ...(spec.week ? { week: { row: spec.week.row, day: spec.week.day, start: spec.week.start, end: spec.week.end } } : {}),
      fields: [implicitField('id', 'id', 'ID'), ...itemFields],
    };
  }
  return field as Field;
}

/**
 * A week grid's fields: `row` an integer (the grid's rows), `day` an integer enum of the days 1 to 7
 * (its labels head the columns), `start` and `end` text of the same item.
 */
function checkWeek(week: Json, itemFields: Field[], path: string, fail: (path: string, message: string) => void): void {
  const named = (role: string) => itemFields.find((f) => f.name === week[role]);
  const row = named('row');
  if (!row || row.kind !== 'integer') fail(`${path}/row`, `names "${week.row}", which is not an integer field of the item.`);
  const day = named('day');
  const days = day?.enumOptions?.map((option) => option.value);
  if (!day || JSON.stringify(days) !== JSON.stringify([1, 2, 3, 4, 5, 6, 7])) fail(`${path}/day`, `names "${week.day}", which is not an integer enum of the days 1 to 7 of the item.`);
  for (const role of ['start', 'end']) {
    const field = named(role);
    if (!field || (field.kind !== 'text' && field.kind !== 'mask')) fail(`${path}/${role}`, `names "${week[role]}", which is not a text field of the item.`);
  }
}

/** A record's sub-list (level 1) may hold one in its items (level 2), no deeper. */
export const MAX_SUBLIST_DEPTH = 2;

/** A field while normaliseField fills the parts of its kind. */
type FieldBeingBuilt = Omit<Field, 'kind' | keyof KindParts> & { kind: FieldKind } & Partial<KindParts>;

/** `civil_statuses` → `civil_status`, `cities` → `city`: used for join and parent key names. */
export function singular(table: string): string {
  if (table.endsWith('ies')) return `${table.slice(0, -3)}y`;
  // addresses, statuses, boxes, branches: '-es' added to the word; courses, phases, databases: '-s'.
  if (/(ss|us|x|ch|sh|zz)es$/.test(table)) return table.slice(0, -2);
  if (table.endsWith('s')) return table.slice(0, -1);
  return table;
}

/** The JSON Schema a body must follow in one mode; what the server validates and `rules/{module}/{mode}` serves. */
export function formRules(fields: Field[], mode: 'create' | 'edit', order: OrderRule[] = []): JsonSchemaObject {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const field of fields) {
    // A read-only field is the server's to store: a body's key for it is dropped, never required.
    if (!field.inForm || field.readOnly) continue;
    properties[field.name] = fieldRule(field, mode);
    const optionalOnEdit = mode === 'edit' && field.writeOnly;
    if (field.required && !optionalOnEdit) required.push(field.name);
  }
  const conditions = conditionalRequirements(fields, mode);
  return {
    type: 'object', properties, required, additionalProperties: false,
    ...(conditions.length ? { allOf: conditions } : {}),
    // Not a JSON Schema keyword: the server's validation step checks it (src/shared/order.ts), and clients read it here.
    ...(order.length ? { 'x-order': order } : {}),
  };
}
