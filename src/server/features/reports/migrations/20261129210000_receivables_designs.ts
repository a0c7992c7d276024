import type { DynamicDatabase } from '../../../core/db/dynamic.js';
import { installShippedDesigns } from '../builtin/designs/install.js';

/**
 * The receivables' reports (docs/RECEIVABLES.md §9), shipped as designs of the built-in engine:
 * 'Débitos em aberto' and 'Arrecadação por período', installed once in each space as the first
 * shipped designs were (20261128205100_shipped_designs.ts): a space made later has them from the
 * template, an older one the next time it opens; one the council already named alike keeps its own.
 */
export async function up(db: DynamicDatabase): Promise<void> {
  await installShippedDesigns(db, ['openDebts', 'collection']);
}

/** The design types stay: once installed they are the council's records. */
export async function down(): Promise<void> {}
