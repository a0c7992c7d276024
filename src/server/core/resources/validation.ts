import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Entity, Field } from '../../../../language/index.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { decimalMessages, exactText, isApiDecimal, normaliseDecimal } from '../../../shared/decimals.js';
import { trimmedValue } from '../../../shared/text.js';
import { ruleMessage } from '../../../shared/field-rules.js';
import { canonicalTaxId, ipAddressMessage, isCnpj, isCpf, isIpAddress, isMoney, parseMoney, VALIDATOR_MESSAGES } from '../../../shared/validators.js';
import { addError, invalid, type FieldErrors } from '../http/app-error.js';
import { NOT_AN_OBJECT } from '../http/body.js';
import { checkBodyLimits } from './body-limits.js';
import { checkOrder, checkRowsOrder, clearHidden, withKnownControllers } from './field-rules.js';
import { choicesError, choicesFieldAt, inSchemaOrder } from './choices.js';

export type Mode = 'create' | 'edit';

/**
 * An ajv with the product's formats (CPF, CNPJ, money, IP, dates whose day exists) and every error
 * kept with its schema (`verbose`), for the messages of `ruleError`.
 */
export function productAjv(options: Pick<Options, 'removeAdditional' | 'useDefaults' | 'coerceTypes'>): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, ...options });
  addFormats.default(ajv, ['email', 'date', 'time', 'date-time', 'uri', 'ipv4', 'ipv6']);
  ajv.addFormat('ip', { type: 'string', validate: (value: string) => isIpAddress(value) });
  ajv.addFormat('cpf', { type: 'string', validate: isCpf });
  ajv.addFormat('cnpj', { type: 'string', validate: isCnpj });
  ajv.addFormat('money', { type: 'string', validate: (value: string) => isMoney(value) });
  // The patterns of dates and date-times (language/rules.ts) check their shape; the day itself is checked
  // here, so that a day that does not exist answers on its field instead of reaching the database.
  ajv.addKeyword({
    keyword: 'x-kind',
    type: 'string',
    schemaType: 'string',
    errors: false,
    validate: (kind: string, data: string) => (kind !== 'date' && kind !== 'datetime') || isRealMoment(data),
  });
  return ajv;
}

const ajv = productAjv({ removeAdditional: true, useDefaults: true, coerceTypes: false });

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * Whether a date (`YYYY-MM-DD`) or a date and time that has its kind's shape names a day and a time
 * that exist: no 30 February, no 29 February outside a leap year, no hour 25. A value of another shape
 * is the pattern's to refuse, so it passes here.
 */
export function isRealMoment(value: string): boolean {
  const match = MOMENT.exec(value);
  if (!match) return true;
  const [hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match.slice(4).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  return isCalendarDate(`${match[1]}-${match[2]}-${match[3]}`) && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15 && offsetMinutes <= 59;
}

// Kept per entity, not per module name: two models in one process (a test's own schemas beside the
// product's) may each have a module of that name with other rules.
const compiled = new WeakMap<Entity, Partial<Record<Mode, ValidateFunction>>>();

function validatorFor(entity: Entity, mode: Mode): ValidateFunction {
  const validators = compiled.get(entity) ?? {};
  compiled.set(entity, validators);
  return (validators[mode] ??= ajv.compile(structuredClone(entity.rules[mode])));
}

const pathOf = (instancePath: string) => instancePath.split('/').filter(Boolean).join('.');
const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

/**
 * 'O item 2 de Telefones é inválido.' for a sub-list item that is not an object at all, at any
 * depth (`work_relations.0.expedients.1` names an item of Expedientes).
 */
function itemMessage(path: string, entity: Entity): string | null {
  const segments = path.split('.');
  if (segments.length % 2 !== 0) return null;
  let fields: Field[] = entity.fields;
  let list: Field | undefined;
  for (let i = 0; i < segments.length; i += 2) {
    list = fields.find((f) => f.name === segments[i] && f.sublist);
    if (!list || !/^\d+$/.test(segments[i + 1])) return null;
    fields = list.sublist!.fields;
  }
  return list ? `O item ${Number(segments.at(-1)) + 1} de ${list.label} é inválido.` : null;
}

const IP_FORMATS = new Set(['ip', 'ipv4', 'ipv6']);

function messageOf(error: ErrorObject, entity: Entity): { field: string; message: string } {
  const path = pathOf(error.instancePath);
  // A choices field answers on the field itself, whatever part of its list is wrong.
  const choices = choicesFieldAt(path, entity.fields);
  if (choices) return { field: choices.at, message: choicesError(error, choices.field) };
  // So does a file field sent as an object (the file as answered) whose id is not an id, or that has none.
  const file = entity.fields.find((f) => f.kind === 'file' && (path.startsWith(`${f.name}.`) || (path === f.name && error.keyword === 'required')));
  if (file) return { field: file.name, message: `O campo ${file.label} é inválido.` };
  const schema = (error.parentSchema ?? {}) as Record<string, any>;
  if (error.keyword === 'type' && !schema.title) {
    const message = itemMessage(path, entity);
    if (message) return { field: path, message };
  }
  return ruleError(error);
}

/** Each failed rule's message added once on its field (`messageOf`: `ruleError`, or an entity's own words). */
export function addRuleErrors(errors: FieldErrors, failed: readonly ErrorObject[], messageOf: (error: ErrorObject) => { field: string; message: string } = ruleError): void {
  for (const error of failed) {
    // A condition's failed `then` is reported on its fields; the `if` summary names none.
    if (error.keyword === 'if') continue;
    const { field, message } = messageOf(error);
    if (!errors[field]?.includes(message)) addError(errors, field, message);
  }
}

/**
 * The pt-BR message of a JSON Schema rule that failed, on the field it names (dotted path): the
 * schema's own words for the rule (`x-messages`), else the default ones, the field named by its
 * `title`. Any ajv error of a body, an entity's or a route's.
 */
export function ruleError(error: ErrorObject): { field: string; message: string } {
  const path = pathOf(error.instancePath);
  const schema = (error.parentSchema ?? {}) as Record<string, any>;
  const label = schema.title ?? path;
  // The schema's own message for the rule (`x-messages`), else the default words.
  const say = (rule: string, fallback: string, n?: number) => ruleMessage(schema['x-messages'], rule, label, n, fallback);
  const limit = (error.params as { limit?: number }).limit;
  if (schema['x-kind'] === 'decimal' && (error.keyword === 'type' || error.keyword === 'pattern')) {
    // A number with a fraction may have lost places in JSON already: the API takes decimals as text.
    return { field: path, message: typeof error.data === 'number' ? decimalMessages.sentAsNumber(label) : decimalMessages.notANumber(label) };
  }
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      const property = schema.properties?.[missing] ?? {};
      return { field: join(path, missing), message: ruleMessage(property['x-messages'], 'required', property.title ?? missing) };
    }
    case 'not':
      // A conditionally required field sent as null (conditions.ts writes `not: {type: 'null'}`).
      if (schema['x-rule'] === 'required') return { field: path, message: say('required', 'O campo {label} é obrigatório.') };
      return { field: path, message: `O campo ${label} é inválido.` };
    case 'maxLength':
      return { field: path, message: say('maxLength', 'O campo {label} não pode ter mais de {n} caracteres.', limit) };
    case 'minLength':
      return { field: path, message: say('minLength', 'O campo {label} deve ter pelo menos {n} caracteres.', limit) };
    case 'minItems':
      return { field: path, message: say('required', 'O campo {label} é obrigatório.') };
    case 'format': {
      const format = (error.params as { format: string }).format;
      if (IP_FORMATS.has(format)) return { field: path, message: say('format', ipAddressMessage(label)) };
      const known = VALIDATOR_MESSAGES[format as keyof typeof VALIDATOR_MESSAGES];
      return { field: path, message: say('format', known ?? 'O campo {label} está em formato inválido.') };
    }
    case 'pattern':
      return { field: path, message: say('pattern', 'O campo {label} está em formato inválido.') };
    case 'x-kind':
      return { field: path, message: say('format', 'O campo {label} não é uma data válida.') };
    case 'minimum':
      return { field: path, message: say('minimum', 'O campo {label} deve ser no mínimo {n}.', limit) };
    case 'maximum':
      return { field: path, message: say('maximum', 'O campo {label} deve ser no máximo {n}.', limit) };
    default:
      return { field: path, message: `O campo ${label} é inválido.` };
  }
}

/**
 * Text trimmed (per kind, `src/shared/text.ts`) and blank values read the way a form means them:
 * `''`, `null` or spaces only is "no value". An optional field stores null; a field that cannot be
 * empty (required, or a column that holds no null such as `inactivated`) gets 'O campo … é
 * obrigatório.' on the field, never a default in its place; a blank secret on edit keeps the stored one.
 */
function readBlanks(body: Record<string, unknown>, fields: Field[], mode: Mode, errors: FieldErrors, base = ''): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const field of fields) {
    if (!field.inForm || !Object.hasOwn(out, field.name)) continue;
    // A read-only field's key is the server's to fill: dropped here, as the rules drop it.
    if (field.readOnly) {
      delete out[field.name];
      continue;
    }
    const trimmed = trimmedValue(field.kind, out[field.name], field.writeOnly);
    const value = field.kind === 'decimal' ? exactText(trimmed) : canonicalTaxId(field.kind, trimmed);
    const at = join(base, field.name);
    if (value === '' || value === null) {
      if (field.writeOnly && mode === 'edit') delete out[field.name];
      else if (field.kind === 'choices' && !field.required) out[field.name] = [];
      else if (field.required || !field.nullable) {
        addError(errors, at, ruleMessage(field.messages, 'required', field.label));
        delete out[field.name];
      } else out[field.name] = null;
    } else if (field.sublist && Array.isArray(value)) {
      out[field.name] = value.map((item, i) =>
        item && typeof item === 'object' && !Array.isArray(item) ? readBlanks(item as Record<string, unknown>, field.sublist!.fields, mode, errors, join(at, String(i))) : item,
      );
    } else out[field.name] = value;
  }
  return out;
}

/** Values as the database stores them (money `1.234,56` → `1234.56`, a decimal `0012.50` → `12.5`). */
function toStored(body: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'money' && (typeof value === 'string' || typeof value === 'number')) body[field.name] = parseMoney(value);
    if (field.kind === 'decimal' && isApiDecimal(value)) body[field.name] = normaliseDecimal(value);
    // A file comes back as the record answered it; the column keeps its id.
    if (field.kind === 'file' && value !== null && typeof value === 'object') body[field.name] = (value as { id: string }).id;
    if (field.kind === 'choices' && Array.isArray(value)) body[field.name] = inSchemaOrder(field, value);
    if (field.sublist && Array.isArray(value)) value.forEach((item) => toStored(item as Record<string, unknown>, field.sublist!.fields));
  }
  return body;
}

/**
 * Validates a body against the entity's rules for the mode and returns the cleaned body
 * (text trimmed, unknown keys removed, defaults applied, money normalised). Throws 422 with pt-BR messages.
 */
export function validateBody(entity: Entity, mode: Mode, input: unknown, previous?: Record<string, unknown>): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw invalid({ _: [NOT_AN_OBJECT] });
  const errors: FieldErrors = {};
  const body = clearHidden(readBlanks(input as Record<string, unknown>, entity.fields, mode, errors), entity.fields, previous);
  const validate = validatorFor(entity, mode);
  // An edit that leaves a controlling field out keeps the stored value, and its conditions follow that.
  const { checked, borrowed } = withKnownControllers(body, entity.fields, previous);
  if (!validate(checked)) {
    addRuleErrors(errors, validate.errors ?? [], (error) => messageOf(error, entity));
  }
  for (const name of borrowed) delete checked[name];
  checkOrder(entity.order, checked, previous, errors);
  checkRowsOrder(entity.fields, checked, previous, errors);
  checkBodyLimits(checked, entity.fields, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  return toStored(checked, entity.fields);
}
