/**
 * The designs shipped with the built-in engine (docs/REPORTS.md 'Shipped designs'): every space
 * starts with each of them as a design type of the engine type 'Motor interno' (installed once by
 * src/server/features/reports/migrations), and a design type may upload them as its file too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHIPPED_DESIGNS = {
  /** The registry's physical persons (module pessoa_fisica). */
  persons: 'pessoas-fisicas.json',
  /** The inspections of a period, by type (module fiscalizacoes). */
  inspections: 'resumo-fiscalizacoes.json',
  /** Municipalities grouped by UF: reference data every space has. */
  cities: 'municipios-por-uf.json',
  /** The control accounts Aberta by debtor, with their balances on a date (data set debitos_em_aberto). */
  openDebts: 'debitos-em-aberto.json',
  /** The payments received in a period, with totals by means and by month (data set arrecadacao_por_periodo). */
  collection: 'arrecadacao-por-periodo.json',
} as const;

export type ShippedDesign = keyof typeof SHIPPED_DESIGNS;

/** How each shipped design is installed as a design type: its code, the entities it reports on, its cost. */
export const SHIPPED_DESIGN_TYPES: Record<ShippedDesign, { code: string; owners: string[]; complexity: 1 | 2 | 3 }> = {
  persons: { code: 'pessoas_fisicas', owners: ['pessoa_fisica'], complexity: 2 },
  inspections: { code: 'resumo_fiscalizacoes', owners: ['fiscalizacoes'], complexity: 1 },
  cities: { code: 'municipios_por_uf', owners: ['municipios'], complexity: 1 },
  // A balance per account (settings, indices, calendar): the heavy lane.
  openDebts: { code: 'debitos_em_aberto', owners: ['control_account'], complexity: 3 },
  collection: { code: 'arrecadacao_por_periodo', owners: ['pagamentos'], complexity: 2 },
};

/** The code of the engine type every space starts with: the built-in engine ('Motor interno'). */
export const SHIPPED_ENGINE_CODE = 'interno';

/** A shipped design's bytes, as a design type's file holds them. */
export const shippedDesign = (name: ShippedDesign): Buffer => readFileSync(join(import.meta.dirname, SHIPPED_DESIGNS[name]));
