import type { Field } from './model.js';
import { conditionalRequirements } from './conditions.js';

/** Patterns the API accepts for the text kinds whose shape is fixed. */
export const KIND_PATTERNS: Partial<Record<Field['kind'], string>> = {
  cep: '^\\d{5}-?\\d{3}$',
  decimal: '^-?\\d+(\\.\\d+)?$',
  phone: '^[0-9()+ -]{8,20}$',
  date: '^\\d{4}-\\d{2}-\\d{2}$',
  datetime: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
  // Seconds are accepted because the database reads a `time` back as HH:MM:SS, which a save sends again.
  time: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$',
  color: '^#[0-9a-fA-F]{3,8}$',
};

/** Formats the server registers with ajv (src/shared/validators). */
export const KIND_FORMATS: Partial<Record<Field['kind'], string>> = {
  cpf: 'cpf',
  cnpj: 'cnpj',
  money: 'money',
  email: 'email',
};

/** The JSON Schema of one field in a body; `title` and `x-kind` carry what error messages and clients need. */
export function fieldRule(field: Field, mode: 'create' | 'edit'): Record<string, unknown> {
  const rule: Record<string, unknown> = { title: field.label, 'x-kind': field.kind };
  // A body may send null only where the column holds it: not for required fields nor `inactivated`.
  const allowsNull = !field.required && field.nullable;
  const nullable = (type: string) => (allowsNull ? [type, 'null'] : type);
  switch (field.kind) {
    case 'id':
    case 'integer':
    case 'reference':
      rule.type = nullable('integer');
      break;
    case 'decimal':
      // Exact: carried as text; `x-digits` holds the size the server checks (src/shared/decimals.ts).
      rule.type = nullable('string');
      rule['x-digits'] = { ...field.digits };
      break;
    case 'money':
      rule.type = allowsNull ? ['string', 'number', 'null'] : ['string', 'number'];
      break;
    case 'boolean':
      rule.type = nullable('boolean');
      break;
    case 'enum':
      rule.enum = allowsNull ? [...field.enumOptions!.map((o) => o.value), null] : field.enumOptions!.map((o) => o.value);
      break;
    case 'choices': {
      // Always a list (an empty one for no value): blanks become [] before ajv reads the body.
      const values = field.enumOptions.map((o) => o.value);
      rule.type = 'array';
      // The items' type lets ajv find a repeated value in one pass, however long the list sent.
      rule.items = { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
      if (field.choices.uniqueItems) rule.uniqueItems = true;
      const least = Math.max(field.choices.minItems ?? 0, field.required ? 1 : 0);
      // An optional field may stay empty: its `minItems` counts once it holds a value.
      if (field.required && least > 0) rule.minItems = least;
      else if (least > 1) Object.assign(rule, { if: { minItems: 1 }, then: { minItems: least } });
      if (field.choices.maxItems !== undefined) rule.maxItems = field.choices.maxItems;
      break;
    }
    case 'json':
      rule.type = allowsNull ? ['object', 'array', 'null'] : ['object', 'array'];
      break;
    case 'external':
      rule.type = 'array';
      rule.items = { type: 'integer' };
      rule.uniqueItems = true;
      rule['x-external'] = { options: field.external!.options };
      break;
    case 'references':
      rule.type = 'array';
      rule.items = { type: 'integer' };
      rule.uniqueItems = true;
      if (field.required) rule.minItems = 1;
      break;
    case 'file':
      // The id an upload answered, or the file as the record answered it (kept as it is).
      rule.type = allowsNull ? ['string', 'object', 'null'] : ['string', 'object'];
      rule.maxLength = 64;
      rule.properties = { id: { type: 'string', maxLength: 64 } };
      rule.required = ['id'];
      rule['x-file'] = { maxSize: field.file!.maxSize, accept: field.file!.accept, image: field.file!.image };
      break;
    case 'sublist': {
      const itemProperties: Record<string, unknown> = { id: { type: ['integer', 'null'], title: 'ID', 'x-kind': 'id' } };
      const itemRequired: string[] = [];
      for (const item of field.sublist!.fields) {
        if (!item.inForm || item.readOnly) continue;
        itemProperties[item.name] = fieldRule(item, mode);
        if (item.required) itemRequired.push(item.name);
      }
      rule.type = 'array';
      const conditions = conditionalRequirements(field.sublist!.fields, mode);
      rule.items = { type: 'object', properties: itemProperties, required: itemRequired, additionalProperties: false, ...(conditions.length ? { allOf: conditions } : {}) };
      if (field.required) rule.minItems = 1;
      if (field.sublist!.mainField) {
        const { mainField, itemLabel, itemGender, mainRequired } = field.sublist!;
        rule['x-main'] = { field: mainField, item: itemLabel, ...(itemGender ? { gender: itemGender } : {}), ...(mainRequired ? { required: true } : {}) };
      }
      break;
    }
    default:
      rule.type = nullable('string');
  }
  for (const key of ['maxLength', 'minLength', 'minimum', 'maximum', 'pattern', 'default'] as const) {
    // An edit that leaves a sub-list out keeps the stored rows: its default fills a new record's only.
    if (key === 'default' && field.kind === 'sublist' && mode === 'edit') continue;
    // A decimal's bounds are compared exactly by the `x-digits` check, never as JSON numbers.
    if (field[key] !== undefined) rule[field.kind === 'decimal' && (key === 'minimum' || key === 'maximum') ? `x-${key}` : key] = field[key];
  }
  const pattern = KIND_PATTERNS[field.kind];
  if (pattern && rule.pattern === undefined) rule.pattern = pattern;
  const format = KIND_FORMATS[field.kind];
  if (format) rule.format = format;
  if (field.format) rule.format = field.format;
  if (field.kind === 'mask') rule['x-mask'] = field.mask;
  if (field.writeOnly) rule.writeOnly = true;
  if (field.when) rule['x-when'] = { ...field.when };
  if (field.messages) rule['x-messages'] = { ...field.messages };
  if (field.reference) rule['x-reference'] = { module: field.reference.module, ...(field.reference.dependsOn ? { dependsOn: field.reference.dependsOn } : {}) };
  return rule;
}
