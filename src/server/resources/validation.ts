import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Entity, Field } from '../../../language/index.js';
import { trimmedValue } from '../../shared/text.js';
import { isCnpj, isCpf, isMoney, parseMoney, VALIDATOR_MESSAGES } from '../../shared/validators.js';
import { addError, invalid, type FieldErrors } from '../http/app-error.js';
import { NOT_AN_OBJECT } from '../http/body.js';
import { checkBodyLimits } from './body-limits.js';

export type Mode = 'create' | 'edit';

const ajv = new Ajv({ allErrors: true, removeAdditional: true, useDefaults: true, coerceTypes: false, verbose: true, strict: false });
addFormats.default(ajv, ['email', 'date', 'time', 'date-time', 'uri']);
ajv.addFormat('cpf', { type: 'string', validate: isCpf });
ajv.addFormat('cnpj', { type: 'string', validate: isCnpj });
ajv.addFormat('money', { type: 'string', validate: (value: string) => isMoney(value) });

const compiled = new Map<string, ValidateFunction>();

function validatorFor(entity: Entity, mode: Mode): ValidateFunction {
  const key = `${entity.module}:${mode}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(structuredClone(entity.rules[mode]));
    compiled.set(key, validate);
  }
  return validate;
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

function messageOf(error: ErrorObject, entity: Entity): { field: string; message: string } {
  const path = pathOf(error.instancePath);
  const schema = (error.parentSchema ?? {}) as Record<string, any>;
  const label = schema.title ?? path;
  if (error.keyword === 'type' && !schema.title) {
    const message = itemMessage(path, entity);
    if (message) return { field: path, message };
  }
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return { field: join(path, missing), message: `O campo ${schema.properties?.[missing]?.title ?? missing} é obrigatório.` };
    }
    case 'maxLength':
      return { field: path, message: `O campo ${label} não pode ter mais de ${(error.params as any).limit} caracteres.` };
    case 'minLength':
      return { field: path, message: `O campo ${label} deve ter pelo menos ${(error.params as any).limit} caracteres.` };
    case 'minItems':
      return { field: path, message: `O campo ${label} é obrigatório.` };
    case 'format': {
      const format = (error.params as { format: string }).format as keyof typeof VALIDATOR_MESSAGES;
      return { field: path, message: VALIDATOR_MESSAGES[format] ?? `O campo ${label} está em formato inválido.` };
    }
    case 'pattern':
      return { field: path, message: `O campo ${label} está em formato inválido.` };
    case 'minimum':
      return { field: path, message: `O campo ${label} deve ser no mínimo ${(error.params as any).limit}.` };
    case 'maximum':
      return { field: path, message: `O campo ${label} deve ser no máximo ${(error.params as any).limit}.` };
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
    const value = trimmedValue(field.kind, out[field.name], field.writeOnly);
    const at = join(base, field.name);
    if (value === '' || value === null) {
      if (field.writeOnly && mode === 'edit') delete out[field.name];
      else if (field.required || !field.nullable) {
        addError(errors, at, `O campo ${field.label} é obrigatório.`);
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

/** Values as the database stores them (money `1.234,56` → `1234.56`). */
function toStored(body: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  for (const field of fields) {
    const value = body[field.name];
    if (field.kind === 'money' && (typeof value === 'string' || typeof value === 'number')) body[field.name] = parseMoney(value);
    // A file comes back as the record answered it; the column keeps its id.
    if (field.kind === 'file' && value !== null && typeof value === 'object') body[field.name] = (value as { id: string }).id;
    if (field.sublist && Array.isArray(value)) value.forEach((item) => toStored(item as Record<string, unknown>, field.sublist!.fields));
  }
  return body;
}

/**
 * Validates a body against the entity's rules for the mode and returns the cleaned body
 * (text trimmed, unknown keys removed, defaults applied, money normalised). Throws 422 with pt-BR messages.
 */
export function validateBody(entity: Entity, mode: Mode, input: unknown): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw invalid({ _: [NOT_AN_OBJECT] });
  const errors: FieldErrors = {};
  const body = readBlanks(input as Record<string, unknown>, entity.fields, mode, errors);
  const validate = validatorFor(entity, mode);
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      const { field, message } = messageOf(error, entity);
      if (!errors[field]?.includes(message)) addError(errors, field, message);
    }
  }
  checkBodyLimits(body, entity.fields, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  return toStored(body, entity.fields);
}
