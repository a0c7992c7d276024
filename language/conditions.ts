/**
 * The rules between fields and per rule: `x-when` (a field shown, and maybe required, only while
 * another holds some values), `x-messages` (a rule's own message) and `x-order` (a start no later
 * than its end). normalise() reads them here; rules.ts writes what ajv checks.
 */
import type { Field, FieldCondition, JsonSchemaObject, OrderRule, RuleMessages } from './model.js';

type Json = Record<string, any>;
type Fail = (path: string, sentence: string) => never;

/** The kinds `x-order` compares, with the default message of each. */
const ORDER_MESSAGES: Record<string, string> = {
  date: 'A data inicial não pode ser posterior à data final.',
  datetime: 'A data inicial não pode ser posterior à data final.',
  time: 'A hora inicial não pode ser posterior à hora final.',
};

/** The rules a message of `x-messages` may replace, by the field's kind (`required` and `format` by other checks). */
const DECIMAL_RULES = new Set(['decimalPlaces', 'integerPlaces']);

/** `x-when` and `x-messages` of one field, as the model carries them. */
export function fieldRuleParts(source: Json, required: boolean, path: string, fail: Fail): { when?: FieldCondition; messages?: RuleMessages } {
  const parts: { when?: FieldCondition; messages?: RuleMessages } = {};
  const when = source['x-when'] as Json | undefined;
  if (when) {
    if (required) fail(`${path}/x-when`, 'makes the field conditional, so it cannot also be listed in "required": write "required": true inside "x-when" instead.');
    parts.when = { field: when.field, in: [...when.in], required: when.required === true, ...(when.hide === false ? { hide: false as const } : {}) };
  }
  const messages = source['x-messages'] as RuleMessages | undefined;
  if (messages) parts.messages = { ...messages };
  return parts;
}

/**
 * Checks the `x-when` and `x-messages` of one form's fields (or one sub-list row's): a condition
 * names another field of the same form, with values that field can hold, and no chain of conditions
 * goes round; a message replaces a rule the field has.
 */
export function checkFieldRules(fields: Field[], base: string, fail: Fail): void {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const field of fields) {
    const path = `${base}/${field.name}`;
    if (field.when) checkCondition(field, byName, `${path}/x-when`, fail);
    if (field.messages) checkMessages(field, `${path}/x-messages`, fail);
    if (field.sublist) checkFieldRules(field.sublist.fields, `${path}/items/properties`, fail);
  }
}

function checkCondition(field: Field, byName: Map<string, Field>, path: string, fail: Fail): void {
  const condition = field.when!;
  const controller = byName.get(condition.field);
  if (!controller || controller === field || !controller.inForm) {
    fail(`${path}/field`, `names "${condition.field}", which is not another field of the same form.`);
  }
  if (controller!.kind === 'choices') fail(`${path}/field`, `names "${condition.field}", a field of several values (kind choices): a condition reads a field that holds one value.`);
  const values = controller!.enumOptions?.map((o) => o.value);
  condition.in.forEach((value, i) => {
    const fits = values ? values.includes(value as string | number) : controller!.kind === 'boolean' ? typeof value === 'boolean' : typeof value !== 'boolean';
    if (!fits) fail(`${path}/in/${i}`, `is ${JSON.stringify(value)}, a value "${condition.field}" cannot hold${values ? ` (its values: ${values.map((v) => JSON.stringify(v)).join(', ')})` : ''}.`);
  });
  const seen = new Set<string>([field.name]);
  if (condition.hide === false && !condition.required) fail(`${path}/hide`, 'keeps the field shown, so the condition must make it required ("required": true) or be left out.');
  for (let at: Field | undefined = controller; at?.when; at = byName.get(at.when.field)) {
    if (seen.has(at.name)) fail(`${path}/field`, `makes a circle of conditions (${[...seen, at.name].join(' → ')}).`);
    seen.add(at.name);
  }
}

function checkMessages(field: Field, path: string, fail: Fail): void {
  const has: Record<string, boolean> = {
    required: field.required || field.when?.required === true,
    maxLength: field.maxLength !== undefined,
    minLength: field.minLength !== undefined,
    minimum: field.minimum !== undefined,
    maximum: field.maximum !== undefined,
    pattern: field.pattern !== undefined || ['cep', 'phone', 'date', 'datetime', 'time', 'color'].includes(field.kind),
    format: ['cpf', 'cnpj', 'money', 'email', 'date', 'datetime'].includes(field.kind),
    unique: field.unique,
    minItems: field.choices?.minItems !== undefined,
    maxItems: field.choices?.maxItems !== undefined,
  };
  for (const rule of Object.keys(field.messages!)) {
    const applies = DECIMAL_RULES.has(rule) ? field.kind === 'decimal' || field.kind === 'money' : has[rule];
    if (!applies) fail(`${path}/${rule}`, `replaces the message of the rule "${rule}", which the field "${field.name}" does not have.`);
  }
}

/**
 * `x-order` of an entity, or of a sub-list's item (`base` its path): each pair names two fields of
 * the form (or of the item) of one kind (dates, date-times or times).
 */
export function orderRules(source: Json[] | undefined, fields: Field[], fail: Fail, base = ''): OrderRule[] {
  if (source !== undefined && !Array.isArray(source)) fail(`${base}/x-order`, 'must be a list of pairs {start, end}.');
  return (source ?? []).map((pair, i) => {
    const path = `${base}/x-order/${i}`;
    const find = (key: 'start' | 'end') => {
      const field = fields.find((f) => f.name === pair[key] && f.inForm);
      if (!field) fail(`${path}/${key}`, `names "${pair[key]}", which is not a field of the form.`);
      if (!(field!.kind in ORDER_MESSAGES)) fail(`${path}/${key}`, `names "${pair[key]}", of kind ${field!.kind}: only dates, date-times and times keep an order.`);
      return field!;
    };
    const start = find('start');
    const end = find('end');
    if (start === end) fail(`${path}/end`, 'names the same field as "start".');
    if (start.kind !== end.kind) fail(`${path}/end`, `is of kind ${end.kind} and "start" of kind ${start.kind}: both must be of one kind.`);
    return { start: start.name, end: end.name, message: pair.message ?? ORDER_MESSAGES[start.kind] };
  });
}

/**
 * What ajv checks of the conditions of one object's fields: while the controlling field holds one of
 * the values, a conditionally required field is present and not null. (Hidden fields are cleared to
 * null by the server before this runs.)
 */
export function conditionalRequirements(fields: Field[], mode: 'create' | 'edit'): JsonSchemaObject[] {
  return fields
    .filter((field) => field.inForm && field.when?.required && !(mode === 'edit' && field.writeOnly))
    .map((field) => {
      const { field: controller, in: values } = field.when!;
      // A list of values (choices) is present when it holds one at least.
      const atLeastOne = field.kind === 'choices' ? { minItems: 1 } : {};
      const present = { title: field.label, 'x-rule': 'required', ...(field.messages ? { 'x-messages': field.messages } : {}), not: { type: 'null' }, ...atLeastOne };
      return {
        if: { required: [controller], properties: { [controller]: { enum: values } } },
        then: { required: [field.name], properties: { [field.name]: present } },
      };
    });
}
