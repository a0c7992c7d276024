import { MENU_AREAS, type Entity, type Field, type FieldKind, type MenuArea, type Model, type OrderRule, type PostalCodeFill, type TaxIdLookup, type WeekLayout } from '../language/index.js';

/**
 * The plan stage: turns the normalised Model into what the emitters print (names, ordering and
 * the literal field specs the screens pass to the widget kit). Pure: reads and mutates nothing.
 */

/** Mirrors `FieldSpec` of src/web/kit/types.ts (the generator never reads src/; tsc checks the match). */
export interface FieldSpecData {
  source: string;
  kind: FieldKind;
  label: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  mask?: string;
  digits?: { integer: number; fraction: number };
  choices?: { id: string | number; name: string }[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  reference?: { module: string; dependsOn?: { field: string; param: string; requiredWhenOffered?: true }; combo?: string; typeAhead?: boolean };
  sublist?: { itemLabel: string; mainField?: string; itemGender?: 'm' | 'f'; mainRequired?: boolean; week?: WeekLayout; fields: FieldSpecData[] };
  file?: { maxSize: number; accept: string[]; image: boolean };
  external?: { options: string };
  optionsFrom?: string;
  defaultValue?: unknown;
  helperText?: string;
  sortable?: boolean;
  format?: 'ip' | 'ipv4' | 'ipv6';
  when?: { field: string; in: (string | number | boolean)[]; required?: boolean };
  messages?: Partial<Record<string, string>>;
  notBefore?: { field: string; message: string };
  postalCode?: PostalCodeFill;
  lookup?: TaxIdLookup;
  viewOnly?: boolean;
  moment?: boolean;
}

/** A prop's two values where insert and edit disagree (a password is required on insert only). */
export class ByMode {
  constructor(
    readonly create: unknown,
    readonly edit: unknown,
  ) {}
}

/** One form input's props: each the value both modes share, or a `ByMode`. */
export type FormInputData = { [K in keyof FieldSpecData]: FieldSpecData[K] | ByMode };

export interface EntityPlan {
  entity: Entity;
  /** PascalCase of the module: `estados_civis` → `EstadosCivis` (type and component names). */
  typeName: string;
  columns: FieldSpecData[];
  filters: FieldSpecData[];
  /** The form's inputs, written once for insert and edit: a prop that differs between them is a `ByMode`. */
  formInputs: FormInputData[];
  showFields: FieldSpecData[];
}

export interface Plan {
  /** Every entity, sorted by module. */
  entities: EntityPlan[];
  /** Every entity in menu order: menu area order, then plural label. */
  menu: EntityPlan[];
}

export function planOutputs(model: Model): Plan {
  const entities = [...model.entities].sort((a, b) => compare(a.module, b.module)).map(planEntity);
  const areaOrder = Object.keys(MENU_AREAS) as MenuArea[];
  const menu = [...entities].sort(
    (a, b) =>
      areaOrder.indexOf(a.entity.area) - areaOrder.indexOf(b.entity.area) ||
      a.entity.label.plural.localeCompare(b.entity.label.plural, 'pt-BR') ||
      compare(a.entity.module, b.entity.module),
  );
  return { entities, menu };
}

function planEntity(entity: Entity): EntityPlan {
  const byName = (name: string) => entity.fields.find((f) => f.name === name)!;
  const formFields = entity.fields.filter((f) => f.inForm);
  return {
    entity,
    typeName: pascalCase(entity.module),
    columns: entity.list.columns.map((name) => {
      const field = byName(name);
      // A list of values (choices) has no order of its own to sort by.
      return { ...fieldSpec(field, 'show'), ...(field.column !== null && field.kind !== 'choices' ? { sortable: true } : {}) };
    }),
    filters: listFilters(entity).map((name) => fieldSpec(byName(name), 'filter')),
    formInputs: formFields.map((f) => formInput(withOrder(entity.order, fieldSpec(f, 'create')), withOrder(entity.order, fieldSpec(f, 'edit')))),
    showFields: entity.fields.filter((f) => !f.writeOnly).map((f) => fieldSpec(f, 'show')),
  };
}

/** The end field of an `x-order` pair (the entity's or a sub-list item's) checks that it does not come before its start. */
function withOrder(order: readonly OrderRule[], spec: FieldSpecData): FieldSpecData {
  const rule = order.find((r) => r.end === spec.source);
  return rule ? { ...spec, notBefore: { field: rule.start, message: rule.message } } : spec;
}

/** The schema's filters, then Ativo/Inativo on every entity that can be inactivated. */
function listFilters(entity: Entity): string[] {
  const { filters } = entity.list;
  return entity.inactivatable && !filters.includes('inactivated') ? [...filters, 'inactivated'] : filters;
}

/** The filter of `inactivated` reads as the record's state: Situação, Ativo or Inativo. */
const INACTIVATED_FILTER = {
  label: 'Situação',
  choices: [
    { id: 'false', name: 'Ativo' },
    { id: 'true', name: 'Inativo' },
  ],
};

type SpecMode = 'create' | 'edit' | 'show' | 'filter';

/** The literal props of one field for the kit; `required` follows the API rule of the mode. */
export function fieldSpec(field: Field, mode: SpecMode): FieldSpecData {
  const spec: FieldSpecData = { source: field.name, kind: field.kind, label: field.label };
  if (mode === 'filter' && field.name === 'inactivated') Object.assign(spec, INACTIVATED_FILTER);
  const form = mode === 'create' || mode === 'edit';
  // A read-only field is shown as the view shows it, on insert and edit: the server stores its value.
  if (form && field.readOnly) spec.viewOnly = true;
  if (form && field.required && !field.readOnly && !(mode === 'edit' && field.writeOnly)) spec.required = true;
  if (form) {
    const { maxLength, minLength, minimum, maximum, pattern } = field;
    Object.assign(spec, withoutUndefined({ maxLength, minLength, minimum, maximum, pattern }));
  }
  if (field.mask !== undefined) spec.mask = field.mask;
  if (field.moment) spec.moment = true;
  if (form && field.digits) spec.digits = { ...field.digits };
  if (field.file) spec.file = { maxSize: field.file.maxSize, accept: [...field.file.accept], image: field.file.image };
  if (field.external) spec.external = { options: field.external.options };
  if (form && field.optionsFrom) spec.optionsFrom = field.optionsFrom;
  if (field.enumOptions) spec.choices = field.enumOptions.map((o) => ({ id: o.value, name: o.label }));
  if (form && field.choices) {
    const { minItems, maxItems, uniqueItems } = field.choices;
    Object.assign(spec, withoutUndefined({ minItems, maxItems, uniqueItems: uniqueItems || undefined }));
  }
  if (field.reference) {
    const { module, dependsOn, combo, typeAhead } = field.reference;
    spec.reference = { module, ...(dependsOn ? { dependsOn: { ...dependsOn } } : {}), ...(combo ? { combo } : {}), ...(typeAhead ? { typeAhead } : {}) };
  }
  if (field.sublist) {
    const { itemLabel, mainField, itemGender, mainRequired, week } = field.sublist;
    const itemMode = mode === 'filter' ? 'show' : mode;
    const items = field.sublist.fields.filter((f) => (form ? f.inForm : !f.writeOnly && f.kind !== 'id'));
    spec.sublist = { itemLabel, ...(mainField ? { mainField } : {}), ...(itemGender ? { itemGender } : {}), ...(mainRequired ? { mainRequired } : {}), ...(form && week ? { week: { ...week } } : {}), fields: items.map((f) => (form ? withOrder(field.sublist!.order ?? [], fieldSpec(f, itemMode)) : fieldSpec(f, itemMode))) };
  }
  if (form && field.default !== undefined) spec.defaultValue = field.default;
  if (form && field.helpText) spec.helperText = field.helpText;
  if (form && field.format) spec.format = field.format;
  // As the API: a secret left blank on edit keeps the stored one, so it is required on insert only.
  const whenRequired = field.when?.required && !(mode === 'edit' && field.writeOnly);
  if (form && field.when) spec.when = { field: field.when.field, in: [...field.when.in], ...(whenRequired ? { required: true } : {}), ...(field.when.hide === false ? { hide: false } : {}) };
  if (form && field.messages) spec.messages = { ...field.messages };
  if (form && field.postalCode) spec.postalCode = { ...field.postalCode };
  if (form && field.lookup) spec.lookup = { ...field.lookup, clears: { ...field.lookup.clears } };
  return spec;
}

/** Compares the insert and edit specs of one field prop by prop, keeping the order `fieldSpec` gives. */
export function formInput(create: FieldSpecData, edit: FieldSpecData): FormInputData {
  const keys = Object.keys(create) as (keyof FieldSpecData)[];
  let at = 0;
  for (const key of Object.keys(edit) as (keyof FieldSpecData)[]) {
    const found = keys.indexOf(key);
    if (found >= 0) at = found + 1;
    else keys.splice(at++, 0, key);
  }
  const props: Record<string, unknown> = {};
  for (const key of keys) {
    const same = JSON.stringify(create[key]) === JSON.stringify(edit[key]);
    props[key] = same ? create[key] : new ByMode(create[key], edit[key]);
  }
  return props as FormInputData;
}

function withoutUndefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** `estados_civis` → `EstadosCivis`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** Locale-independent string order, so output does not depend on the machine. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
