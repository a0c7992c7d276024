/** Reference options come from the module's `/combos`, which names each option `name`. */
export const COMBOS_META = { combos: true } as const;

/** How many options a type-ahead field (a large module, `x-type-ahead`) asks for at a time. */
export const TYPE_AHEAD_LIMIT = 50;

/** Under a field whose options the server cut (`more: true`): typing narrows them. */
export const MORE_OPTIONS_HINT = 'Digite para refinar…';
