/** Reference options come from the module's `/combos`, which names each option `name`. */
export const COMBOS_META = { combos: true } as const;

/**
 * Where a reference-like field's options come from: the referenced module's combos (its named combo
 * when the field names one: the chosen record, fetched by id, is then labelled as its options are),
 * or an external field's route.
 */
export function optionsSource(spec: { source: string; reference?: { module: string; combo?: string }; external?: { options: string } }) {
  if (spec.external) return { reference: spec.external.options, meta: { options: spec.external.options } };
  const combo = spec.reference?.combo;
  return { reference: spec.reference?.module ?? spec.source, meta: combo ? { ...COMBOS_META, combo } : COMBOS_META };
}

/** How many options a type-ahead field (a large module, `x-type-ahead`) asks for at a time. */
export const TYPE_AHEAD_LIMIT = 50;

/** Under a field whose options the server cut (`more: true`): typing narrows them. */
export const MORE_OPTIONS_HINT = 'Digite para refinar…';
