/** Reference options come from the module's `/combos`, which names each option `name`. */
export const COMBOS_META = { combos: true } as const;

/** Where a reference-like field's options come from: the referenced module's combos, or an external field's route. */
export function optionsSource(spec: { source: string; reference?: { module: string }; external?: { options: string } }) {
  if (spec.external) return { reference: spec.external.options, meta: { options: spec.external.options } };
  return { reference: spec.reference?.module ?? spec.source, meta: COMBOS_META };
}

/** How many options a type-ahead field (a large module, `x-type-ahead`) asks for at a time. */
export const TYPE_AHEAD_LIMIT = 50;

/** Under a field whose options the server cut (`more: true`): typing narrows them. */
export const MORE_OPTIONS_HINT = 'Digite para refinar…';
