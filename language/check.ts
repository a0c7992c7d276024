import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import metaSchema from './meta-schema.json' with { type: 'json' };
import { SchemaError } from './errors.js';
import { isMenuIcon, MENU_ICONS } from './icons.js';
import { KIND_FACTS } from './kinds.js';
import type { SchemaFile } from './load.js';

const ajv = new Ajv2020({ allErrors: false, strict: false });
/** Kinds a schema may name in `x-kind`; the others (ids, references, sub-lists) follow from a field's shape. */
const DECLARABLE_KINDS = Object.entries(KIND_FACTS).filter(([, facts]) => facts.jsonTypes !== null).map(([kind]) => kind);
const validateFile = ajv.compile({ ...metaSchema, $defs: { ...metaSchema.$defs, kind: { type: 'string', enum: DECLARABLE_KINDS } } });

/**
 * Checks one schema file against the meta-schema, then the closed lists the meta-schema leaves to
 * code (the menu icons); throws a SchemaError with a plain sentence.
 */
export function checkAgainstMetaSchema(file: SchemaFile): void {
  if (validateFile(file.json)) return checkIcon(file);
  const error = (validateFile.errors ?? [])[0];
  if (!error) throw new SchemaError(file.path, '', 'does not follow the schema language.');
  if (error.propertyName !== undefined && error.instancePath.endsWith('/x-messages')) {
    const rules = (metaSchema.$defs.field.properties['x-messages'].propertyNames.enum as string[]).join(', ');
    throw new SchemaError(file.path, `${error.instancePath}/${error.propertyName}`, `names no rule whose message can be replaced: use one of ${rules}.`);
  }
  if (error.propertyName !== undefined) {
    // A bad key under an object (a field name): point at the key itself.
    throw new SchemaError(file.path, `${error.instancePath}/${error.propertyName}`, 'is not a valid field name: use snake_case (lower-case letters, digits and "_", starting with a letter).');
  }
  throw new SchemaError(file.path, error.instancePath || '/', sentenceFor(error));
}

/** `x-icon` names one of the icons the menu draws (`icons.ts`): an unknown name is an error, not a silent default. */
function checkIcon(file: SchemaFile): void {
  const icon = file.json['x-icon'];
  if (icon === undefined || isMenuIcon(icon)) return;
  throw new SchemaError(file.path, '/x-icon', `names the icon ${JSON.stringify(icon)}, which the menu cannot draw: use one of ${MENU_ICONS.join(', ')} (language/icons.ts lists them; a new one needs its drawing in src/web/resources/icons.ts too).`);
}

function sentenceFor(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `"${String(p.additionalProperty)}" is not a keyword of the schema language (see docs/SCHEMAS.md).`;
    case 'required':
      return `"${String(p.missingProperty)}" is missing and is required here.`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}.`;
    case 'pattern':
      return `does not match the pattern ${String(p.pattern)}.`;
    case 'type':
      return `must be of type ${String(p.type)}.`;
    case 'propertyNames':
      return `has a field name that is not snake_case (lower-case letters, digits and "_", starting with a letter).`;
    default:
      return `${error.message ?? 'is invalid'}.`;
  }
}
