/** Reference options come from the module's `/combos`, which names each option `name`. */
export const COMBOS_META = { combos: true } as const;
