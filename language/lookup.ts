/**
 * `x-lookup` on a reference: a CPF or CNPJ typed beside the input finds the record
 * (`GET /api/{module}/{by}/{number}`), whose `answer` field becomes the reference's value; when
 * nothing is found, the other fields of the same form or sub-list row go back to their defaults
 * (spec 001 §8: 'a failed legal-entity lookup clears the work form').
 */
import type { Field, TaxIdLookup } from './model.js';

type Json = Record<string, any>;
type Fail = (path: string, sentence: string) => never;

/** The keyword as the model carries it, `clears` still empty: `resolveLookupClears` fills it once the siblings are known. */
export function lookupOf(source: Json, kind: string, path: string, fail: Fail): TaxIdLookup | undefined {
  const lookup = source['x-lookup'];
  if (lookup === undefined) return undefined;
  const at = `${path}/x-lookup`;
  if (kind !== 'reference') fail(at, `applies only to a reference (this field is of kind "${kind}").`);
  if (lookup === null || typeof lookup !== 'object' || !['cpf', 'cnpj'].includes(lookup.by) || typeof lookup.module !== 'string' || typeof lookup.answer !== 'string' || typeof lookup.label !== 'string') {
    fail(at, 'must be {"module": …, "by": "cpf" | "cnpj", "answer": <a field of that module>, "label": …, "clears": true | false}.');
  }
  return { module: lookup.module, by: lookup.by, answer: lookup.answer, label: lookup.label, clears: lookup.clears === true ? { '*': null } : {} };
}

/** Fills each look-up's `clears` with the other fields of its form or row that a person fills, and their defaults. */
export function resolveLookupClears(fields: Field[]): void {
  for (const field of fields) {
    if (field.sublist) resolveLookupClears(field.sublist.fields);
    if (!field.lookup || !('*' in field.lookup.clears)) continue;
    const others = fields.filter((other) => other !== field && other.inForm && !other.readOnly && other.kind !== 'id' && other.kind !== 'sublist');
    field.lookup.clears = Object.fromEntries(others.map((other) => [other.name, other.default ?? null]));
  }
}

/** The looked-up module exists and has the answer field. */
export function checkLookupTargets(fields: Field[], base: string, modules: ReadonlyMap<string, { fields: Field[] }>, fail: Fail): void {
  for (const field of fields) {
    if (field.sublist) checkLookupTargets(field.sublist.fields, `${base}/${field.name}/items/properties`, modules, fail);
    if (!field.lookup) continue;
    const target = modules.get(field.lookup.module);
    if (!target) fail(`${base}/${field.name}/x-lookup/module`, `names "${field.lookup.module}", which is no module.`);
    if (!target.fields.some((f) => f.name === field.lookup!.answer)) fail(`${base}/${field.name}/x-lookup/answer`, `names "${field.lookup.answer}", which is not a field of ${field.lookup.module}.`);
  }
}
