import type { ComboCondition, ComboSpec, Field } from './model.js';

type Fail = (path: string, sentence: string) => never;
type Json = Record<string, any>;

/** Kinds an option may carry or a combo filter by: one value in a column of the record itself. */
const CARRIED = (field: Field) => field.column !== null && field.kind !== 'password' && field.kind !== 'choices' && !field.writeOnly;

/**
 * `x-combos` → the module's combos by name, `default` always among them (the plain `/combos`):
 * a named combo without its own `label` names options as the default does.
 */
export function normaliseCombos(module: string, source: Json | undefined, defaultLabel: string[], fields: Field[], fail: Fail): Record<string, ComboSpec> {
  const declared: Json = source ?? {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  const carried = (path: string, name: string, what: string) => {
    const field = byName.get(name);
    if (!field) fail(path, `names "${name}", which is not a field of ${module}.`);
    if (!CARRIED(field!)) fail(path, `names "${name}", which ${what} cannot use: only a field kept in the record's own column (not a list, a secret or a password).`);
    return field!;
  };
  const plain = spec(declared.default ?? {}, defaultLabel, '/x-combos/default');
  const combos: Record<string, ComboSpec> = { default: plain };
  for (const [name, entry] of Object.entries(declared)) {
    if (name !== 'default') combos[name] = spec(entry as Json, plain.label, `/x-combos/${name}`);
  }
  return combos;

  function spec(entry: Json, label: string[], path: string): ComboSpec {
    const ownLabel: string[] = entry.label ?? label;
    ownLabel.forEach((name, i) => carried(`${path}/label/${i}`, name, 'an option\'s name'));
    const extra: string[] = entry.fields ?? [];
    extra.forEach((name, i) => {
      carried(`${path}/fields/${i}`, name, 'an option');
      if (name === 'id' || name === 'name') fail(`${path}/fields/${i}`, `"${name}" is already in every option.`);
    });
    const filter: ComboCondition[] = Object.entries((entry.filter ?? {}) as Json).map(([fieldName, condition]) => {
      const field = carried(`${path}/filter/${fieldName}`, fieldName, 'a filter');
      const [operator, values] = Object.entries(condition as Json)[0] as ['in' | 'not-in', (string | number | boolean)[]];
      values.forEach((value, i) => checkValue(field, value, `${path}/filter/${fieldName}/${operator}/${i}`));
      return { field: fieldName, operator, values };
    });
    return { label: ownLabel, fields: extra, filter };
  }

  function checkValue(field: Field, value: unknown, path: string): void {
    if (field.kind === 'enum' && !field.enumOptions.some((o) => o.value === value)) {
      fail(path, `is ${JSON.stringify(value)}, which is not a value of "${field.name}" (${field.enumOptions.map((o) => JSON.stringify(o.value)).join(', ')}).`);
    }
    const expected = field.kind === 'boolean' ? 'boolean' : ['id', 'integer', 'reference'].includes(field.kind) ? 'number' : field.kind === 'enum' ? typeof value : 'string';
    if (typeof value !== expected) fail(path, `is ${JSON.stringify(value)}, but "${field.name}" holds a ${expected === 'number' ? 'whole number' : expected === 'boolean' ? 'true or false' : 'text'}.`);
  }
}
