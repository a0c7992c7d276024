/**
 * Valid request bodies built from an entity's fields alone, so every schema is covered without
 * writing a fixture per entity. Referenced records are created first through the API itself.
 */
import { formatCnpj, formatCpf, generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Entity, Field, Model } from '../../../language/index.js';
import { conditionHolds } from '../../../src/shared/field-rules.js';
import type { ResourceRegistry } from '../../../src/server/core/resources/registry.js';
import { pngDataUrl } from '../../identity/support/images.js';
import { validAnnotationChildBody, validInspectionActionBody } from '../../inspections/support/bodies.js';
import { validRegistrationBody } from '../../registrations/support/bodies.js';
import { validSequenceBody } from '../../sequences/support/bodies.js';

let counter = 0;
const next = () => ++counter;

/** A text that matches `pattern` within the length limits, found among likely shapes. */
function textFor(field: Field, n: number): string {
  const max = field.maxLength ?? 255;
  const min = field.minLength ?? 0;
  const base = `${n} Registro de teste Ação`;
  if (!field.pattern) return base.slice(0, max).trimEnd().padEnd(min, 'x');
  const pattern = new RegExp(field.pattern);
  // n written in base 26 (shifted), so unique fields of a few letters get many distinct values.
  const letters = (k: number) => Array.from({ length: k }, (_, i) => String.fromCharCode(65 + ((Math.floor((n * 7 + 3) / 26 ** i) + i * 3) % 26))).join('');
  const digits = (k: number) => String(n).padStart(k, '0').slice(-k);
  // A unique field tries longer texts first: one or two characters hold only a few distinct values.
  const lengths = Array.from({ length: Math.min(max, 20) }, (_, i) => i + 1).filter((length) => length >= Math.max(min, 1));
  const tried = field.unique ? [...lengths.filter((l) => l >= 8), ...lengths.filter((l) => l < 8)] : lengths;
  for (const length of tried) {
    for (const candidate of [letters(length), digits(length), letters(length).toLowerCase(), base.slice(0, length), '0'.repeat(length)]) {
      if (pattern.test(candidate)) return candidate;
    }
  }
  throw new Error(`No sample text matches ${field.pattern} for ${field.name}`);
}

/** Digits of the mask carry n (rightmost last), so masked unique codes differ for many records. */
function maskFor(mask: string, n: number): string {
  const digits = String(n).padStart(mask.length, '0').slice(-mask.length);
  let i = 0;
  return mask.replace(/[0A*]/g, (c) => {
    i += 1;
    return c === 'A' ? String.fromCharCode(65 + ((n + i) % 26)) : digits[digits.length - (mask.replace(/[^0A*]/g, '').length - i) - 1];
  });
}

const usedTexts = new Map<Field, Set<string>>();

/** A unique text field's sample not handed out before: two-letter codes (UF initials) repeat every 676 samples. */
function unusedText(field: Field, n: number): string {
  const used = usedTexts.get(field) ?? new Set<string>();
  usedTexts.set(field, used);
  for (let step = 0; step < 10_000; step++) {
    const text = textFor(field, n + step);
    if (!used.has(text.toLowerCase())) {
      used.add(text.toLowerCase());
      return text;
    }
  }
  throw new Error(`No unused value left for ${field.name}`);
}

const usedIntegers = new Map<Field, Set<number>>();

/** An integer in the field's range; unique fields get one not handed out before (small ranges like 11–53). */
function integerFor(field: Field, n: number): number {
  const min = field.minimum ?? 1;
  const max = field.maximum ?? 1_000_000;
  const used = usedIntegers.get(field) ?? new Set<number>();
  usedIntegers.set(field, used);
  for (let step = 0; step <= max - min; step++) {
    const value = min + ((n + step) % (max - min + 1));
    if (!field.unique || !used.has(value)) {
      used.add(value);
      return value;
    }
  }
  throw new Error(`No unused value left for ${field.name}`);
}

/** Makes a new record of a module and answers its id; `upload` stores a file for a file field and answers the file's id. */
export type Create = ((module: string, values?: Record<string, unknown>) => Promise<number>) & {
  upload?: Upload;
  model?: Model;
  shared?: Map<string, Promise<number>>;
  /** The records made, as the API answered them, by `module:id` (a person's party). */
  records?: Map<string, Record<string, unknown>>;
  /** Reads through the API (a record the database made, an employee's party type). */
  get?: (url: string) => Promise<{ status: number; body: any }>;
};

/** One record of a module made once per creator (per database) and given to every optional reference to it. */
function sharedRecord(create: Create, module: string): Promise<number> {
  const made = create.shared!.get(module) ?? create(module);
  create.shared!.set(module, made);
  return made;
}
export type Upload = (module: string, field: Field) => Promise<string>;

/** A 300×300 PNG as a data URL (the size the image fields accept). */
const PROFILE_PNG = pngDataUrl(300, 300);

/**
 * The space modules that offer every operation: the generic CRUD tests run over these. Platform
 * modules (tenants, systems, monitors) create databases and reach out to addresses when written,
 * so tests/platform and tests/monitoring cover them.
 */
export const writableEntities = (model: Model) =>
  model.entities.filter((e) => e.database !== 'platform' && Object.values(e.operations).every(Boolean));

/**
 * The modules the generic CRUD test writes: every one offering every operation, but those whose hooks
 * reach beyond the write's transaction (`effects` in the registry: databases made, addresses resolved).
 */
export const crudEntities = (model: Model, resources: ResourceRegistry) =>
  model.entities.filter((e) => Object.values(e.operations).every(Boolean) && resources.traitsOf(e.module).effects.size === 0);

export async function valueFor(field: Field, create: Create, n = next(), module?: string): Promise<unknown> {
  switch (field.kind) {
    case 'file': return module && create.upload ? create.upload(module, field) : null;
    case 'text': return field.format ? (field.format === 'ipv6' ? '2001:db8::10' : '192.0.2.10') : field.unique ? unusedText(field, n) : textFor(field, n);
    case 'textarea': return textFor(field, n);
    case 'richtext': return `<p>${textFor(field, n)}</p>`;
    case 'integer': return integerFor(field, n);
    // As the server keeps it: every place of its column written (`numeric(5,2)` answers '12.50').
    case 'decimal': return field.digits?.fraction ? `12.${'5'.padEnd(field.digits.fraction, '0')}` : '12';
    case 'money': return '1.234,56';
    case 'boolean': return false;
    case 'date': return '2024-03-15';
    // As the server answers it (ISO, milliseconds written).
    case 'datetime': return '2024-03-15T10:30:00.000Z';
    case 'time': return '08:30';
    case 'email': return `teste${n}@example.com`;
    case 'url': return `https://exemplo${n}.com.br`;
    // In their one written form, as the server keeps them.
    case 'cpf': return formatCpf(generateCpf());
    case 'cnpj': return formatCnpj(generateCnpj());
    case 'cep': return '01001-000';
    case 'phone': return '(11) 91234-5678';
    case 'mask': return maskFor(field.mask!, n);
    case 'color': return '#3ac9d6';
    case 'password': return `segredo-${n}`;
    case 'enum': return field.enumOptions![0].value;
    case 'choices': return field.enumOptions.slice(0, Math.max(field.choices.minItems ?? 1, 1)).map((o) => o.value);
    case 'permission': return 'report.generate';
    case 'image': return PROFILE_PNG;
    // The one JSON field people fill is a list (a document's metadata); an empty one is valid where no entry is required.
    case 'json': return [];
    // A record above another of its module (a department's): a top-level one, or the chain would never end.
    case 'reference': {
      const target = field.reference!.module;
      // A party is written by the database with its person: a required one (an inspection's inspected) is a person's.
      if (target === 'partes' && field.required && create.records) return partyOfNewPerson(create);
      if (!madeThroughApi(target, create) || (target === module && !field.required)) return null;
      // One record per referenced record (a person's user): left empty when optional, as bodies made for
      // one module share their referenced records (tests/api/support, the authorization matrix).
      if (field.unique && !field.required) return null;
      // Reference data people look up but do not edit (UFs: 27 codes) is shared by the optional fields that name it, as in a seeded space.
      if (!field.required && create.model?.byModule.get(target)?.listOnly && create.shared) return sharedRecord(create, target);
      return create(target, comboValues(field, create));
    }
    // A catalogue the API only reads (the revenue events) gives its first seeded record, or none.
    case 'references': return madeThroughApi(field.reference!.module, create) ? [await create(field.reference!.module)] : seededIds(field.reference!.module, create);
    // Spaces kept outside the record's database: none besides the one the record is written in.
    case 'external': return [];
    case 'sublist': {
      // A default (a work relation's schedule) is what the form starts with, and meets the list's own rules.
      if (field.default !== undefined) return field.default;
      // A row needing a record the API does not make (a party, which the database keeps) is left to its feature's tests,
      // and so is one pointing at a record of the module itself (a situation's next situations), or the chain would never end.
      if (field.sublist!.fields.some((inner) => inner.required && inner.kind === 'reference' && (!madeThroughApi(inner.reference!.module, create) || inner.reference!.module === module))) return [];
      const item: Record<string, unknown> = {};
      for (const inner of field.sublist!.fields) {
        if (inner.inForm && inner.kind !== 'id') item[inner.name] = await (dependentReference(inner, item, create) ?? valueFor(inner, create));
      }
      if (field.sublist!.mainField) item[field.sublist!.mainField] = true;
      return [withoutHiddenFields(item, field.sublist!.fields)];
    }
    default: return null;
  }
}

/**
 * A row's reference whose options hang on another field of the row by a field of the referenced
 * module (a course relation's course, of the institution chosen beside it): a record made with that
 * value, so the pair agrees. Null when the reference hangs on nothing of the kind.
 */
function dependentReference(field: Field, row: Record<string, unknown>, create: Create): Promise<number> | null {
  const dependsOn = field.kind === 'reference' ? field.reference!.dependsOn : undefined;
  if (!dependsOn || row[dependsOn.field] == null || !madeThroughApi(field.reference!.module, create)) return null;
  const target = create.model?.byModule.get(field.reference!.module);
  if (!target?.fields.some((f) => f.name === dependsOn.param && f.kind === 'reference')) return null;
  return create(target.module, { [dependsOn.param]: row[dependsOn.field] });
}

/** What a record needs to be among the options of the field's named combo (`behave_like: 3` for an organization's type). */
function comboValues(field: Field, create: Create): Record<string, unknown> {
  const combo = field.reference?.combo ? create.model?.byModule.get(field.reference.module)?.combos[field.reference.combo] : undefined;
  return Object.fromEntries((combo?.filter ?? []).filter((condition) => condition.operator === 'in').map((condition) => [condition.field, condition.values[0]]));
}

/** Whether records of a module are made through its API (a party is made by the database, with its person). */
/** The party of a person made through the API (the party that person's row wrote), one per creator: a person makes many records. */
async function partyOfNewPerson(create: Create): Promise<number> {
  const person = create.shared ? await sharedRecord(create, 'pessoa_fisica') : await create('pessoa_fisica');
  return Number(create.records!.get(`pessoa_fisica:${person}`)!.party_id);
}

/** The first record of a module the API only reads (seeded), as a list of one id; none when the space has none or the creator cannot read. */
async function seededIds(module: string, create: Create): Promise<number[]> {
  const answer = create.get ? await create.get(`/api/${module}/combos?limit=1`) : undefined;
  return answer?.status === 200 && answer.body.data.length ? [answer.body.data[0].id] : [];
}

const madeThroughApi = (module: string, create: Create) => create.model?.byModule.get(module)?.operations.create !== false;

/** Leaves out the fields the filled values hide (`x-when`), which the server would store as null. */
function withoutHiddenFields(body: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  for (const field of fields) if (field.when && !conditionHolds(field.when, body[field.when.field])) delete body[field.name];
  return body;
}

/** A body with every form field filled (optional ones too), valid for creating a record. */
export async function validBody(entity: Entity, create: Create): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const n = next();
  for (const field of entity.fields) {
    if (!field.inForm || field.kind === 'id' || field.name === 'inactivated') continue;
    body[field.name] = await valueFor(field, create, n, entity.module);
  }
  withoutHiddenFields(body, entity.fields);
  if (entity.module === 'relatorio' && create.model) body.owner = firstDesignOwner(create.model);
  if (entity.module === 'inscricao') return validRegistrationBody(body, create);
  if (entity.module === 'acoes_fiscalizacao') return validInspectionActionBody(body, create);
  if (entity.module === 'infracoes_acao_fiscalizacao' || entity.module === 'pendencias_acao_fiscalizacao') return validAnnotationChildBody(entity.module, body, create);
  if (entity.module === 'tipo_fluxo_trabalho') return validWorkflowTypeBody(body);
  if (entity.module === 'tipo_debito') return { ...body, proportionality_percent: true };
  if (entity.module === 'valores_contribuicao') return withFollowers(entity.module, body);
  if (entity.module === 'tipo_acordo') return { ...body, configs: (body.configs as Record<string, unknown>[]).map((c) => ({ ...c, maximum_instalments_amount: 12, max_installment_amount_for_discount: 6, ...(c.discount_application_type === 2 ? {} : { instalment_discounts: [] }) })) };
  // One revenue setting per date: each body its own day.
  if (entity.module === 'configuracao_arrecadacao') return { ...body, since: new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10) };
  return entity.module === 'sequencias' ? validSequenceBody(body) : body;
}

/**
 * A body with the fields a rule ties to others of the record written after them: a contribution
 * value's due date falls in its year (src/server/features/receivables/contribution-values.ts). A test that
 * gives a body another's fields (the same unique value) calls it again.
 */
export function withFollowers(module: string, body: Record<string, unknown>): Record<string, unknown> {
  if (module === 'valores_contribuicao') return { ...body, due_date: `${body.year}-03-31` };
  return body;
}

/**
 * A workflow type's tree holding together (src/server/features/workflows/type-rules.ts): its one step is the
 * first, in the type's phase, leads nowhere, and its task is a checklist.
 */
function validWorkflowTypeBody(body: Record<string, unknown>): Record<string, unknown> {
  const phases = body.workflow_phase_types as Record<string, unknown>[];
  const steps = body.step_types as Record<string, unknown>[];
  const tasks = (steps[0]?.task_types ?? []) as Record<string, unknown>[];
  return {
    ...body,
    step_types: steps.map((step) => ({
      ...step, first: true, workflow_phase_type_name: phases[0]?.denomination, next_steps: [],
      task_types: tasks.map((task) => ({ ...task, action: 'checklist' })),
    })),
  };
}

/**
 * Creates records through the API: each call makes a new record (and its parents). `seeded` says the
 * space holds the reference seed (a product's space): a list-only module (UFs, municipalities, whose
 * codes are unique) then gives its first record to a call asking nothing of it, instead of a new one.
 */
export function creator(model: Model, post: (url: string, body: unknown) => Promise<{ status: number; body: any }>, upload?: Upload, get?: Create['get'], seeded = false): Create {
  const create: Create = async (module, values = {}) => {
    if (seeded && model.byModule.get(module)?.listOnly && Object.keys(values).length === 0 && get) {
      const first = (await get(`/api/${module}?per_page=1&sort=id&order=asc`)).body.data?.[0];
      if (first) {
        records.set(`${module}:${first.id}`, first);
        return first.id;
      }
    }
    const entity = model.byModule.get(module)!;
    const response = await post(`/api/${module}`, { ...(await validBody(entity, create)), ...values });
    if (response.status !== 201) throw new Error(`creating ${module} answered ${response.status}: ${JSON.stringify(response.body)}`);
    records.set(`${module}:${response.body.data.id}`, response.body.data);
    return response.body.data.id;
  };
  const records = new Map<string, Record<string, unknown>>();
  return Object.assign(create, { upload, model, shared: new Map<string, Promise<number>>(), records, get });
}

/** Text fields of the entity a test may put a chosen word into. */
export const plainTextFields = (entity: Entity) =>
  entity.fields.filter((f) => f.inForm && (f.kind === 'text' || f.kind === 'textarea') && !f.pattern && (f.maxLength ?? 255) >= 30);

/** A report is of one of its design's entities: a generic design takes the first the schema offers (see 'choices' above). */
function firstDesignOwner(model: Model): unknown {
  return model.byModule.get('tipo_design_relatorio')?.fields.find((f) => f.name === 'owners')?.enumOptions?.[0]?.value;
}
