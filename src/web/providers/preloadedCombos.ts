/** How long options a form loaded at once stand in for its selects' own combo requests. */
const PRELOAD_MS = 30_000;
const preloaded = new Map<string, { options: { id: number; name: string }[]; at: number }>();

/**
 * Options of several modules a form loaded in one call (a debt type's currency, sequence and
 * settings: `GET /api/tipo_debito/combos_formulario`), by module: for a short while, the selects of
 * those modules take them instead of asking each module's `/combos` (the data provider's combos).
 */
export function preloadCombos(byModule: Record<string, { id: number; name: string }[]>, now = Date.now()): void {
  for (const [module, options] of Object.entries(byModule)) preloaded.set(module, { options, at: now });
}

/** The options preloaded for a module's plain combo (no filter, no text typed), while they are fresh. */
export function preloadedCombo(module: string, filter: Record<string, unknown>, now = Date.now()): { id: number; name: string }[] | undefined {
  if (Object.values(filter).some((value) => value !== undefined && value !== '')) return undefined;
  const entry = preloaded.get(module);
  if (!entry || now - entry.at > PRELOAD_MS) return undefined;
  return entry.options;
}
