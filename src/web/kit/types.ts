import type { ReactNode } from 'react';
import type { RaRecord } from 'ra-core';
import type { MenuIcon } from '../../../language/icons';
import type { FieldKind, PostalCodeFill, TaxIdLookup, WeekLayout } from '../../../language/model';

export type { FieldKind, MenuIcon, PostalCodeFill, TaxIdLookup, WeekLayout };

/** One option of an enum or choices field. */
export interface Choice {
  id: string | number;
  name: string;
}

/**
 * What a generated screen tells the kit about one field. Generated views pass these as literal
 * props; the kit maps `kind` to a widget in one place (KindInput, KindField, the list cells).
 */
export interface FieldSpec {
  source: string;
  kind: FieldKind;
  label: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** For kind `mask`: `0` a digit, `A` a letter, `*` either. */
  mask?: string;
  choices?: Choice[];
  /** For kind `choices`: at least and at most this many values, and whether a repeat is refused. */
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** For kind `decimal`: digits before and after the point, checked as the server does. */
  digits?: { integer: number; fraction: number };
  /**
   * For `reference`/`references`: the module whose combos feed the field, the named `combo` it asks
   * for, and `typeAhead` for a large module, whose options are asked for a few at a time as one types.
   */
  reference?: { module: string; dependsOn?: { field: string; param: string; requiredWhenOffered?: true }; combo?: string; typeAhead?: boolean };
  /** For `sublist`: the item's fields and the only-one-main rule. */
  sublist?: { itemLabel: string; mainField?: string; itemGender?: 'm' | 'f'; mainRequired?: boolean; week?: WeekLayout; fields: FieldSpec[] };
  /** For `file`: the largest upload in bytes, the accepted types (`pdf`, `png`, …), whether it is an image. */
  file?: { maxSize: number; accept: string[]; image: boolean };
  /** For `external`: the route answering the options (`{data: [{id, name}]}`), the values being their ids. */
  external?: { options: string };
  /** A text field chosen among the options a route answers (`x-options`: `{data: [{id, name}]}`), the value being the option's id. */
  optionsFrom?: string;
  defaultValue?: unknown;
  helperText?: string;
  /** Columns only: whether the header sorts. */
  sortable?: boolean;
  /** A text field that holds an IP address (`format`: `ip` either version, `ipv4`, `ipv6`). */
  format?: 'ip' | 'ipv4' | 'ipv6';
  /** Shown only while another field of the same form (or sub-list row) holds one of `in`; required then with `required` (`x-when`). */
  when?: { field: string; in: readonly (string | number | boolean)[]; required?: boolean; hide?: false };
  /** A rule's own message by rule name (`x-messages`): `{ required: 'A lista de fiscais é obrigatória!' }`. */
  messages?: Partial<Record<string, string>>;
  /** The end of an `x-order` pair: it may not come before `field`, else `message`. */
  notBefore?: { field: string; message: string };
  /**
   * A hand-written form's choice: shown as the view shows it, not editable, even while the form is
   * being edited (a registration's numbers drawn by a sequence, which an edit keeps).
   */
  viewOnly?: boolean;
  /**
   * For `cep` (`x-postal-code`): the fields of the same form or sub-list row a lookup of the code
   * fills, by the answer's field (`{ uf_id: 'uf_id', city_id: 'city_id', street_address: 'street' }`).
   */
  postalCode?: PostalCodeFill;
  /** A reference found by a CPF or CNPJ typed beside it (`x-lookup`), and what a failed look-up clears. */
  lookup?: TaxIdLookup;
  /** A text holding a moment on the council's clock, `YYYY-MM-DD HH:mm:ss` (`x-moment`): shown DD/MM/YYYY HH:mm. */
  moment?: boolean;
}

/** One tab of a record form (`x-sections`): its title and its fields' sources, in order. */
export interface FormSectionSpec {
  name: string;
  label: string;
  fields: string[];
}

/** The record form an input sits in: insert or edit (rules may differ: a password is required on insert only). */
export type FormMode = 'create' | 'edit';

/**
 * A tab a screen adds to a record form in tabs, after the schema's own: a part of the record that is
 * not its fields (a person's finances), drawn once first opened.
 */
export interface FormTab {
  name: string;
  label: string;
  content: ReactNode;
}

/** What a generated `Inputs` component takes: the record form it sits in and, for a form in tabs (`x-sections`), the screen's own tabs after the schema's. */
export interface FormInputsProps {
  mode: FormMode;
  tabs?: FormTab[];
}

/**
 * A list column: a field spec, and where the text by kind will not do, its own cell (a status chip,
 * a link): plain elements, drawn in the table's cell and on the phone's card alike.
 * @example { ...columns.uptime_status, cell: (record) => <span className="chip">{record.uptime_status}</span> }
 */
export interface ListColumn extends FieldSpec {
  cell?: (record: RaRecord) => ReactNode;
}

export interface ListProps {
  columns: ListColumn[];
  filters: FieldSpec[];
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Whether the list offers free-text search (`q`). */
  search: boolean;
  /** The searched fields `q` finds by their start (a CPF, a CNPJ: their labels), which the search box names when a number is typed. */
  searchByStart?: string[];
  /** The field naming a record (`x-record-label`): the first line of its card on a phone. */
  recordLabel?: string;
  /** A list to browse only (`"x-screens": "list"`): no insert, selection, delete or record to open. */
  readOnly?: boolean;
  /** False where records are deleted one at a time (`"x-bulk-delete": false`): no selection, no bulk delete. */
  bulkDelete?: boolean;
}

/** A view's chunk, loaded on first visit: `() => import('./List')`. */
export type ViewLoader = () => Promise<{ default: React.ComponentType }>;

/** What `generated/web/<module>/index.ts` exports: each view loads on its own. */
export interface ResourceScreens {
  list: ViewLoader;
  /** Absent for a module whose screens are a read-only list (`"x-screens": "list"`). */
  create?: ViewLoader;
  edit?: ViewLoader;
  show?: ViewLoader;
  /** The field naming a record (`x-record-label`) with its kind: titles show its value as a person reads it. */
  recordRepresentation: RecordRepresentation;
}

/** The field naming a record, as much of its spec as reading its value by kind needs. */
export type RecordRepresentation = Pick<FieldSpec, 'source' | 'kind' | 'label' | 'moment' | 'choices'>;

/** One entry of `generated/web/registry.ts`. */
export interface GeneratedResource {
  name: string;
  area: string;
  areaLabel: string;
  permission: string;
  insertPermission: 'store' | 'admin' | 'generate';
  /** One of the schema language's menu icons (`x-icon`), drawn by the plain menu. */
  icon: MenuIcon;
  label: { singular: string; plural: string };
  screens: boolean;
  /** Which generic operations the API offers (no Create/Edit screens without create/update). */
  operations: Record<'list' | 'show' | 'create' | 'update' | 'delete', boolean>;
  /** False where records are deleted one at a time (`"x-bulk-delete": false`); absent, bulk delete is offered. */
  bulkDelete?: boolean;
  /** `'any'`: every signed-in person may use the module (`"x-access": "any"`); absent, its permissions decide. */
  access?: 'any';
  /** True where records have documents attached (`x-documents`): the record's screen lists them. */
  documents?: boolean;
  load: () => Promise<ResourceScreens>;
  /** The list view reachable without `load`: a deep link to a list asks for both chunks at once. */
  list?: ViewLoader;
}

/**
 * A hand-written screen that is no module's (the parameters form): its route, its menu entry under an
 * area, and who may open it. A feature folder declares it in `src/web/screens/<folder>/page.ts`.
 */
export interface FeaturePage {
  /** The route, without the leading slash (`parametros`). */
  path: string;
  /** The menu entry and the page title. */
  label: string;
  /** The menu area it is listed under (`sistema`). */
  area: string;
  icon: MenuIcon;
  /**
   * Any one of these names opens it and lists it in the menu ('admin' among them where it should); none: a
   * page of any module (`importar/:module`), unlisted, that checks the module's permissions itself.
   */
  requires: readonly string[];
  /** The page's chunk, loaded on first visit. */
  load: () => Promise<{ default: import('react').ComponentType }>;
  /** False for a page reached by links rather than by a menu entry of its own (a custom page, `paginas/:uri/:slug`); default true. */
  listed?: boolean;
  /**
   * A menu group the page's feature draws itself, after the areas, from what it reads (the custom
   * pages' 'Páginas'): plain elements only, since the menu is on the plain side.
   */
  menuGroup?: import('react').ComponentType;
}
