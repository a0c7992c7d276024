/**
 * `x-postal-code` on a `cep` field: which fields of the same form (or sub-list row) the address
 * found for the code fills, keyed by the lookup's answer field (`GET /api/cep/{cep}`).
 */
import type { Field, PostalCodeAnswerField, PostalCodeFill } from './model.js';

type Json = Record<string, any>;
type Fail = (path: string, sentence: string) => never;

/** The answer's fields a form may take, and what kind of field each fills. */
export const POSTAL_CODE_ANSWER_FIELDS: Record<PostalCodeAnswerField, { module?: string; what: string }> = {
  uf_id: { module: 'uf', what: 'a reference to uf' },
  uf: { what: 'a text field (the UF\'s initials)' },
  city_id: { module: 'municipios', what: 'a reference to municipios' },
  city: { what: 'a text field (the municipality\'s name)' },
  neighborhood: { what: 'a text field' },
  street_address: { what: 'a text field' },
  address_complement: { what: 'a text field' },
};

const TEXT_KINDS = new Set(['text', 'textarea']);

/** The keyword as the model carries it; its shape checked here too, since a sub-list row's fields escape the meta-schema. */
export function postalCodeFill(source: Json, kind: string, path: string, fail: Fail): PostalCodeFill | undefined {
  const fill = source['x-postal-code'];
  if (fill === undefined) return undefined;
  const at = `${path}/x-postal-code`;
  if (kind !== 'cep') fail(at, `applies only to a field of kind "cep" (this one is of kind "${kind}").`);
  if (fill === null || typeof fill !== 'object' || Array.isArray(fill) || Object.keys(fill).length === 0) {
    fail(at, 'must name, by the lookup\'s answer field, the fields it fills: {"uf_id": "uf_id", "city_id": "city_id", …}.');
  }
  for (const [key, target] of Object.entries(fill as Json)) {
    if (!(key in POSTAL_CODE_ANSWER_FIELDS)) fail(`${at}/${key}`, `is not a field of the postal-code lookup's answer: use ${Object.keys(POSTAL_CODE_ANSWER_FIELDS).join(', ')}.`);
    if (typeof target !== 'string' || target === '') fail(`${at}/${key}`, 'must be the name of a field of the same form.');
  }
  return { ...(fill as PostalCodeFill) };
}

/**
 * Checks every `x-postal-code` of one form's fields (or one sub-list row's): each names another
 * field of the same form, of the kind its answer field fills, and no field twice.
 */
export function checkPostalCodeFills(fields: Field[], base: string, fail: Fail): void {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const field of fields) {
    if (field.sublist) checkPostalCodeFills(field.sublist.fields, `${base}/${field.name}/items/properties`, fail);
    if (!field.postalCode) continue;
    const at = `${base}/${field.name}/x-postal-code`;
    const filled = new Map<string, string>();
    for (const [key, name] of Object.entries(field.postalCode) as [PostalCodeAnswerField, string][]) {
      const found = byName.get(name);
      if (!found || found === field || !found.inForm || found.readOnly) fail(`${at}/${key}`, `names "${name}", which is not another field of the same form that a person fills.`);
      const target = found as Field;
      const expected = POSTAL_CODE_ANSWER_FIELDS[key];
      const fits = expected.module ? target.kind === 'reference' && target.reference.module === expected.module : TEXT_KINDS.has(target.kind);
      if (!fits) fail(`${at}/${key}`, `names "${name}", of kind ${target.kind}: the answer's ${key} fills ${expected.what}.`);
      const other = filled.get(name);
      if (other) fail(`${at}/${key}`, `names "${name}", which "${other}" already fills.`);
      filled.set(name, key);
    }
  }
}
