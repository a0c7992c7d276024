/** The designs shipped with the built-in engine, as files a design type may upload (docs/REPORTS.md). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHIPPED_DESIGNS = {
  /** The registry's physical persons (module pessoa_fisica). */
  persons: 'pessoas-fisicas.json',
  /** The inspections of a period, by type (module fiscalizacoes). */
  inspections: 'resumo-fiscalizacoes.json',
  /** Municipalities grouped by UF: reference data every space has. */
  cities: 'municipios-por-uf.json',
} as const;

export type ShippedDesign = keyof typeof SHIPPED_DESIGNS;

/** A shipped design's bytes, as a design type's file holds them. */
export const shippedDesign = (name: ShippedDesign): Buffer => readFileSync(join(import.meta.dirname, SHIPPED_DESIGNS[name]));
