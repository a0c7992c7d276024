/**
 * The normalised entity model: what every emitter, the server and the tests read.
 * It is derived from one `schemas/<area>/<module>.schema.json` file by `normalise()`;
 * nothing here is written by hand for a particular entity.
 */

import type { FieldKind } from './kinds.js';

export type { FieldKind } from './kinds.js';

/** Menu areas, in menu order. */
export type MenuArea =
  | 'cadastro'
  | 'tabelas'
  | 'fiscalizacao'
  | 'fluxos'
  | 'financeiro'
  | 'documentos'
  | 'relatorios'
  | 'sistema'
  | 'plataforma';

export const MENU_AREAS: Record<MenuArea, string> = {
  cadastro: 'Cadastro',
  tabelas: 'Tabelas auxiliares',
  fiscalizacao: 'Fiscalização',
  fluxos: 'Fluxos de trabalho',
  financeiro: 'Financeiro',
  documentos: 'Documentos',
  relatorios: 'Relatórios',
  sistema: 'Sistema',
  plataforma: 'Plataforma',
};

export interface EnumOption {
  value: string | number;
  label: string;
}

/**
 * A `choices` field's limits: how many values it takes, and whether a repeated value is refused
 * (`uniqueItems`) rather than folded into one. Its values and labels are its `enumOptions`.
 */
export interface ChoicesSpec {
  /** `uniqueItems: true`: a body repeating a value is refused; otherwise repeats are folded into one. */
  uniqueItems: boolean;
  /** At least this many values (`minItems`); being required asks for at least one. */
  minItems?: number;
  /** At most this many values (`maxItems`). */
  maxItems?: number;
}

export interface ReferenceSpec {
  /** Module whose combos feed this field (`uf`, `categoria_natureza_juridica`). */
  module: string;
  /** Table behind that module, resolved by normalise(). */
  table: string;
  /** Field of the referenced entity shown as the option's name. */
  labelField: string;
  /**
   * Dependent filter: the options are filtered by the value of another field of this form
   * (`{ field: 'uf_id', param: 'uf_id' }` shows only the municipalities of the chosen UF).
   * `requiredWhenOffered` (`"required-when-offered": true`): the field is required while the combo,
   * so filtered, offers any option, and optional when it offers none (a work relation's sector, among
   * its employer's sectors, when the employer has any); the server and the form both say so.
   */
  dependsOn?: { field: string; param: string; requiredWhenOffered?: true };
  /** What a delete of the referenced row does while this row still points at it. */
  onDelete: 'restrict' | 'cascade' | 'set null';
  /** The referenced module's named combo whose options the input offers (`x-combos`); absent: the plain one. */
  combo?: string;
  /** The referenced module is large (`x-type-ahead`): the input asks the server as one types. */
  typeAhead: boolean;
}

export interface SublistSpec {
  /** Child table; each row carries `parentKey` → parent id. */
  table: string;
  parentKey: string;
  /** pt-BR noun for one item, used in 'Deve haver apenas um {item} principal'. */
  itemLabel: string;
  /** Boolean field of the item of which at most one may be true. */
  mainField?: string;
  /** The item noun's gender ('f': 'Deve haver apenas uma faixa… principal'); default masculine. */
  itemGender?: 'm' | 'f';
  /** One item must be marked main whenever the list has any (`main-required`). */
  mainRequired?: boolean;
  /** Pairs of the item's fields whose values keep their order (the item's `x-order`). */
  order?: OrderRule[];
  /** The form edits the items as a week grid (`week`): the item's fields holding the grid's row, day, start and end. */
  week?: WeekLayout;
  fields: Field[];
}

/** The item fields a week grid reads (`x-sublist.week`): a row per `row` value, a column per `day` (1–7). */
export interface WeekLayout {
  row: string;
  day: string;
  start: string;
  end: string;
}

/** What every field has, whatever its kind. */
interface FieldBase {
  name: string;
  label: string;
  /** Column in the table (null for `references`, `sublist` and `external`, which live in other tables). */
  column: string | null;
  required: boolean;
  nullable: boolean;
  /**
   * `readOnly`: shown on the form but never written by a body (a key sent for it is dropped); a
   * feature's hook stores its value (`serverValues`: a rate's inverse computed from the rate).
   */
  readOnly: boolean;
  /**
   * `"x-tax-id": true`, a text field holding a written CPF or CNPJ (a party's, copied from its person
   * or company): a list's search finds it by the start of either number, as a `cpf` or `cnpj` field.
   */
  taxId?: true;
  /**
   * `"x-moment": true`, a text field holding a moment on the council's clock as written,
   * `YYYY-MM-DD HH:mm:ss` (a deadline's end, kept so by the deadlines engine): shown DD/MM/YYYY HH:mm.
   */
  moment?: true;
  /** Set by the server only (ignored in bodies, never in forms). */
  serverSet: boolean;
  /** Never returned by the API; shown as [PROTEGIDO] in audit rows. */
  writeOnly: boolean;
  unique: boolean;
  /**
   * `x-unique: {within: [...]}`: the value is unique among the rows sharing these columns only (a
   * page's slug within its category); the unique index covers them, then the field.
   */
  uniqueWithin?: string[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** An address format a text field must follow (`format`): an IP address of either version, or of one. */
  format?: AddressFormat;
  default?: unknown;
  /**
   * Audit events recorded when items are added to or removed from this `references` or `sublist`
   * field (`{ added: 'added_role', removed: 'removed_role' }`), beside the record's own event.
   */
  auditEvents?: { added: string; removed: string };
  /** Shown in the form: false for server-set and id fields. */
  inForm: boolean;
  /**
   * `x-options`, a text field only: the route answering its form's options (`{data: [{id, name}]}`),
   * the value being an option's id; a feature's rule decides which values the server takes.
   */
  optionsFrom?: string;
  helpText?: string;
  /**
   * Shown (and, with `required`, required) only while another field of the same form or sub-list
   * row holds one of the values (`x-when`); hidden, it is stored null.
   */
  when?: FieldCondition;
  /** Messages that replace the default one of a rule (`x-messages`: `{ required: 'A lista de fiscais é obrigatória!' }`). */
  messages?: RuleMessages;
  /**
   * Kind `cep` (`x-postal-code`): the fields of the same form or sub-list row the address found for
   * the code fills, by the lookup's answer field (`{ uf_id: 'uf_id', city_id: 'city_id' }`).
   */
  postalCode?: PostalCodeFill;
  /** A reference found by a CPF or CNPJ typed beside it (`x-lookup`). */
  lookup?: TaxIdLookup;
}

/**
 * `x-lookup`: the number typed is looked up at `GET /api/{module}/{by}/{number}`, and the answer's
 * `answer` field (`party_id`) becomes the reference's value; when nothing is found, `clears` holds
 * the other fields of the same form or sub-list row a person fills, each with the value it goes
 * back to (its default, else null).
 */
export interface TaxIdLookup {
  module: string;
  by: 'cpf' | 'cnpj';
  answer: string;
  label: string;
  clears: Record<string, unknown>;
}

/** A field of the postal-code lookup's answer (`GET /api/cep/{cep}`) a form may take. */
export type PostalCodeAnswerField = 'uf_id' | 'uf' | 'city_id' | 'city' | 'neighborhood' | 'street_address' | 'address_complement';

/** `x-postal-code`: the answer's fields, each with the field of the form it fills. */
export type PostalCodeFill = Partial<Record<PostalCodeAnswerField, string>>;

/** `x-when`: the field is shown while `field` holds one of `in`, and required then when `required`. */
export interface FieldCondition {
  field: string;
  in: (string | number | boolean)[];
  required: boolean;
  /** False when the field stays shown (and stored) for other values: only its requirement follows the condition. */
  hide?: false;
}

/** A rule's own message by rule name (`required`, `maxLength`, …, `decimalPlaces`); `{label}` and `{n}` are filled in. */
export type RuleMessages = Partial<Record<string, string>>;

/** `x-order`: `start` may not come after `end` (dates, date-times or times); the message goes on `end`. */
export interface OrderRule {
  start: string;
  end: string;
  message: string;
}

/** For kind `references` (many-to-many): the join table and its two keys. */
export interface JoinSpec {
  table: string;
  ownKey: string;
  otherKey: string;
}

/** What only some kinds carry; every other kind has none of it. */
export interface KindParts {
  /** For kinds `enum` and `choices`: the values and their labels, in the schema's order. */
  enumOptions: EnumOption[];
  /** For kind `choices`: how many values it takes and whether a repeat is refused. */
  choices: ChoicesSpec;
  /** For kinds `reference` and `references`: the module whose records it points at. */
  reference: ReferenceSpec;
  join: JoinSpec;
  sublist: SublistSpec;
  /** For kind `mask`: the mask, `0` a digit, `A` a letter, `*` either. */
  mask: string;
  /** For kind `decimal`: how many digits before and after the point (`numeric(integer + fraction, fraction)`). */
  digits: DecimalDigits;
  /** For kind `file`: what an upload may be. */
  file: FileSpec;
  /** For kind `external`: where the form finds its options. */
  external: ExternalSpec;
}

/**
 * An `external` field (`x-external`): ids of things kept outside the record's database (a user's
 * spaces live in the platform's). A feature's hooks keep the values and fill them in answers;
 * the form offers the options `options` answers (`{data: [{id, name}]}`).
 */
export interface ExternalSpec {
  options: string;
}

/** An exact decimal's size: `{ integer: 19, fraction: 13 }` holds 9999999999999999999.9999999999999. */
export interface DecimalDigits {
  integer: number;
  fraction: number;
}

/** A `file` field's limits (`x-file`): the stored file is checked against them when it is uploaded. */
export interface FileSpec {
  /** Largest upload, in bytes. */
  maxSize: number;
  /** Extensions accepted (`language/files.ts`), each recognised by the content's magic bytes. */
  accept: string[];
  /** An image (a photo, a signature): the form shows it, and only image types are accepted. */
  image: boolean;
}

type Variant<K extends FieldKind, P extends keyof KindParts = never> = FieldBase &
  { kind: K } & Pick<KindParts, P> & { [Q in Exclude<keyof KindParts, P>]?: undefined };

export type EnumField = Variant<'enum', 'enumOptions'>;
export type ChoicesField = Variant<'choices', 'enumOptions' | 'choices'>;
export type ReferenceField = Variant<'reference', 'reference'>;
export type ReferencesField = Variant<'references', 'reference' | 'join'>;
export type SublistField = Variant<'sublist', 'sublist'>;
export type MaskField = Variant<'mask', 'mask'>;
export type DecimalField = Variant<'decimal', 'digits'>;
export type FileField = Variant<'file', 'file'>;
export type ExternalField = Variant<'external', 'external'>;
type PartKinds = 'enum' | 'choices' | 'reference' | 'references' | 'sublist' | 'mask' | 'decimal' | 'file' | 'external';
export type PlainField = { [K in Exclude<FieldKind, PartKinds>]: Variant<K> }[Exclude<FieldKind, PartKinds>];

/**
 * A field of an entity, told apart by its kind: an `enum` has its options, a `choices` its options
 * and limits, a `reference` the module
 * it points at, a `references` also its join table, a `sublist` its rows' fields, a `mask` its mask,
 * a `file` its limits, an `external` where its options come from.
 */
export type Field = EnumField | ChoicesField | ReferenceField | ReferencesField | SublistField | MaskField | DecimalField | FileField | ExternalField | PlainField;

/** One tab of the record form (`x-sections`): its fields, in the schema's order of the list. */
export interface FormSection {
  name: string;
  /** The tab's pt-BR title, also named in 'Existe erro na aba {label}'. */
  label: string;
  /** Names of the entity's form fields it shows; the first section also takes every field named in none. */
  fields: string[];
}

/** Which number a searched text is read as, by its start (src/shared/search.ts `taxIdPrefix`). */
export type TaxIdKind = 'cpf' | 'cnpj';

/**
 * A list's search through one of its references (`x-list.search` naming a reference field): a word
 * finds the rows whose referenced record the referenced module's own search finds (a registration by
 * its person's name or CPF). Resolved by normalise() from the referenced module's list.
 */
export interface SearchThrough {
  /** The reference field of this entity (its column holds the referenced id). */
  field: string;
  module: string;
  table: string;
  /** The referenced module's searched columns (its `x-list.search`), with the numbers some are read as. */
  columns: string[];
  byStart: Record<string, TaxIdKind[]>;
  /** The labels of those read by their start (a CPF/CNPJ), for the list's hint. */
  byStartLabels: string[];
}

export interface ListSpec {
  columns: string[];
  /** The searched text fields of the entity itself. */
  search: string[];
  /** The references searched through their records (`x-list.search` naming a reference). */
  searchThrough: SearchThrough[];
  filters: string[];
  sort: { field: string; order: 'asc' | 'desc' };
}

export interface Entity {
  /** The spec's module path: `estados_civis`. Also the REST resource and route. */
  module: string;
  area: MenuArea;
  /** Path of the schema file, relative to the project root. */
  source: string;
  table: string;
  /**
   * Which database holds the table: every space's own database (`space`, the default) or the one
   * platform database shared by the installation (`platform`: tenants, systems, monitors).
   */
  database: EntityDatabase;
  permission: string;
  label: { singular: string; plural: string; gender: 'm' | 'f' };
  /** Field whose value names a record (titles, references). */
  recordLabel: string;
  /** The field a spreadsheet import finds an existing record by (`x-natural-key`: a CPF, a CNPJ), or null. */
  naturalKey: string | null;
  /** Fields joined by ' - ' to make a combo option's name (`['initials', 'name']` → 'SP - São Paulo'). */
  comboLabel: string[];
  /**
   * The combos the module serves (`x-combos`): `default` is the plain `/combos`, the others are asked
   * for by name (`/combos?combo=sem_instituicao`). Always has `default`.
   */
  combos: Record<string, ComboSpec>;
  /** Large tables (`x-type-ahead`): a reference to the module asks the server as one types. */
  typeAhead: boolean;
  /** Entities with `inactivatable` carry `inactivated` and `inactivated_at`. */
  inactivatable: boolean;
  /** Records have documents attached (`x-documents`): the documents feature serves them beside the record. */
  documents: boolean;
  /** Records carry occurrences (`x-occurrences`): the occurrences feature serves them beside the record. */
  occurrences: boolean;
  /** False for reference data that only feeds combos (no menu entry or screens). */
  screens: boolean;
  /** The records are the accounts people sign in with (`x-accounts`): no one deletes their own. */
  accounts: boolean;
  /** Reference data people browse but do not edit here (`"x-screens": "list"`): a read-only list is its only screen. */
  listOnly: boolean;
  /** Which generic operations the API and the screens offer (a read-only log has only list and show). */
  operations: Record<Operation, boolean>;
  /** Route permission for insert: 'admin' alone where the spec says so. */
  insertPermission: 'store' | 'admin' | 'generate';
  /** Whether several records may be deleted at once (`x-bulk-delete`; default true where delete is offered). */
  bulkDelete: boolean;
  /** Who may use the module: the holders of its permissions, or every signed-in person (`"x-access": "any"`). */
  access: EntityAccess;
  /** Pairs of fields whose values keep their order (`x-order`: a start no later than its end). */
  order: OrderRule[];
  fields: Field[];
  /** The form's tabs (`x-sections`); empty for a form in one piece. */
  sections: FormSection[];
  list: ListSpec;
  /** The JSON Schema the API validates a body against, per mode. */
  rules: { create: JsonSchemaObject; edit: JsonSchemaObject };
  icon: string;
}

/** One combo of a module: how its options are named, what else they carry and which records it offers. */
export interface ComboSpec {
  /** Fields joined by ' - ' to name an option. */
  label: string[];
  /** Fields each option carries besides `id` and `name`, under their own names. */
  fields: string[];
  /** Records offered: each condition keeps those whose field is (`in`) or is not (`not-in`) among the values. */
  filter: ComboCondition[];
}

export interface ComboCondition {
  field: string;
  operator: 'in' | 'not-in';
  values: (string | number | boolean)[];
}

export type EntityDatabase = 'space' | 'platform';

/** `format` values that keep a text field's kind and check its shape. */
export type AddressFormat = 'ip' | 'ipv4' | 'ipv6';

export type EntityAccess = 'permission' | 'any';

export type Operation = 'list' | 'show' | 'create' | 'update' | 'delete';

export const OPERATIONS: readonly Operation[] = ['list', 'show', 'create', 'update', 'delete'];

export type JsonSchemaObject = Record<string, unknown>;

export interface Model {
  entities: Entity[];
  byModule: Map<string, Entity>;
}
