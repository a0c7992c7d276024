import type { Entity, Field } from '../../language/index.js';
import { pascalCase } from '../plan.js';

type Schema = Record<string, unknown>;

/** Columns the database always fills (`not null default now()`), whatever the model's nullable flag says. */
const ALWAYS_SET = new Set(['id', 'created_at', 'updated_at']);

/**
 * The JSON Schema of one record as the API returns it: every readable field, present on every
 * record (null when empty), sub-lists as arrays of their items, many-to-many fields as id arrays.
 */
export function recordSchema(entity: Entity): Schema {
  return objectSchema(pascalCase(entity.module), entity.fields, entity.label.singular);
}

function objectSchema(title: string, fields: Field[], description: string): Schema {
  const readable = fields.filter((f) => !f.writeOnly);
  const properties: Record<string, Schema> = {};
  for (const field of readable) properties[field.name] = fieldSchema(title, field);
  return {
    title,
    description,
    type: 'object',
    properties,
    required: readable.map((f) => f.name),
    additionalProperties: false,
  };
}

/** A file as a record answers it: what the form shows; the bytes are at `GET /api/{module}/{id}/files/{field}`. */
const STORED_FILE: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Identificador do arquivo' },
    name: { type: 'string', description: 'Nome do arquivo' },
    size: { type: 'integer', description: 'Tamanho em bytes' },
    content_type: { type: 'string', description: 'Tipo do conteúdo' },
  },
  required: ['id', 'name', 'size', 'content_type'],
  additionalProperties: false,
};

function fieldSchema(ownerTitle: string, field: Field): Schema {
  // A read-only field of the form (`readOnly`: the server computes it) says so; bodies never carry it.
  const described = (schema: Schema): Schema => ({ ...schema, description: field.label, ...(field.readOnly && field.inForm ? { readOnly: true } : {}) });
  const nullable = field.nullable && !ALWAYS_SET.has(field.name);
  const orNull = (schema: Schema): Schema => (nullable ? { anyOf: [schema, { type: 'null' }] } : schema);
  switch (field.kind) {
    case 'references':
    case 'external':
      return described({ type: 'array', items: { type: 'integer' } });
    case 'sublist': {
      const itemTitle = `${ownerTitle}${pascalCase(field.name)}Item`;
      return described({ type: 'array', items: objectSchema(itemTitle, field.sublist!.fields, field.sublist!.itemLabel) });
    }
    case 'enum':
      return described(orNull({ enum: field.enumOptions!.map((o) => o.value) }));
    case 'choices': {
      // Never null: no value is `[]`; each value once, in the schema's order.
      const values = field.enumOptions.map((o) => o.value);
      return described({ type: 'array', items: { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values }, uniqueItems: true });
    }
    case 'json':
      return described(orNull({ type: ['object', 'array'] }));
    case 'decimal':
      // Exact: text such as '1234.5678000000000' (the column's scale), never a JSON number.
      return described(orNull({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', 'x-digits': { ...field.digits } }));
    case 'file':
      return described(orNull(STORED_FILE));
    default:
      return described(orNull({ type: scalarType(field) }));
  }
}

/** The JSON type a value of the field has in a response (money travels as numeric text). */
function scalarType(field: Field): string {
  switch (field.kind) {
    case 'id':
    case 'integer':
    case 'reference':
      return 'integer';
    case 'boolean':
      return 'boolean';
    default:
      return 'string';
  }
}
