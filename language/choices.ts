import type { ChoicesSpec, EnumOption } from './model.js';

type Json = Record<string, any>;
type Fail = (path: string, sentence: string) => never;

/** Keywords of a `choices` field that only that kind may have. */
export const CHOICES_KEYWORDS = ['uniqueItems', 'maxItems'] as const;

/**
 * The values, labels and limits of a `choices` field: several values out of a fixed list,
 * `{"type": "array", "items": {"type": "string", "enum": ["pdf", "jpg"]}, "x-enum-labels": ["PDF", "JPG"]}`.
 * Stops on a list that cannot be offered: no values, a repeated value, values of two types, labels
 * that do not match the values, limits no selection can meet, a default off the list.
 */
export function choicesParts(source: Json, path: string, fail: Fail): { enumOptions: EnumOption[]; choices: ChoicesSpec; default?: unknown[] } {
  const items = source.items as Json | undefined;
  if (!items || !Array.isArray(items.enum)) {
    fail(`${path}/items`, 'must list the values to choose from: {"type": "string", "enum": ["pdf", "jpg"]} (labels go beside "items", in "x-enum-labels").');
  }
  const extra = Object.keys(items!).filter((key) => key !== 'type' && key !== 'enum');
  if (extra.length) fail(`${path}/items/${extra[0]}`, 'is not taken here: the items of a choices field have only "type" and "enum" (labels go beside "items", in "x-enum-labels").');
  const values = items!.enum as unknown[];
  if (values.length === 0) fail(`${path}/items/enum`, 'lists no values: a choices field offers at least one.');
  const type = items!.type ?? (typeof values[0] === 'number' ? 'integer' : 'string');
  if (type !== 'string' && type !== 'integer') fail(`${path}/items/type`, `is ${JSON.stringify(type)}: the values of a choices field are texts ("string") or whole numbers ("integer").`);
  values.forEach((value, i) => {
    const fits = type === 'integer' ? Number.isSafeInteger(value) : typeof value === 'string' && value !== '';
    if (!fits) fail(`${path}/items/enum/${i}`, `is ${JSON.stringify(value)}, which is not a ${type === 'integer' ? 'whole number' : 'non-empty text'} like the list's other values.`);
    if (values.indexOf(value) !== i) fail(`${path}/items/enum/${i}`, `repeats the value ${JSON.stringify(value)}.`);
  });
  const labels: unknown[] = source['x-enum-labels'] ?? values.map(String);
  if (labels.length !== values.length) fail(`${path}/x-enum-labels`, `has ${labels.length} labels for ${values.length} values.`);
  const uniqueItems = source.uniqueItems === true;
  const { minItems, maxItems } = source as { minItems?: number; maxItems?: number };
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) fail(`${path}/minItems`, `asks for at least ${minItems} values but "maxItems" allows at most ${maxItems}.`);
  if (uniqueItems && minItems !== undefined && minItems > values.length) fail(`${path}/minItems`, `asks for at least ${minItems} different values, but the list has ${values.length}.`);
  if (source.default !== undefined) {
    const fine = Array.isArray(source.default) && source.default.every((value: unknown) => values.includes(value));
    if (!fine) fail(`${path}/default`, `must be a list of values of "items.enum" (${values.map((v) => JSON.stringify(v)).join(', ')}).`);
  }
  return {
    // A default is kept as answers are: each value once, in the list's order.
    ...(source.default !== undefined ? { default: values.filter((value) => source.default.includes(value)) } : {}),
    enumOptions: values.map((value, i) => ({ value: value as string | number, label: String(labels[i]) })),
    choices: { uniqueItems, ...(minItems !== undefined ? { minItems } : {}), ...(maxItems !== undefined ? { maxItems } : {}) },
  };
}
