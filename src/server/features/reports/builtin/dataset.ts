/**
 * A data set: rows a feature computes for a report where a module's list cannot say them (a balance
 * at a chosen date, a payment's accounts). A design names it by `source.dataset` instead of a module
 * (docs/REPORTS.md 'Data sets'); the engine groups, totals and renders its rows as a list's.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../../generated/database.js';
import type { Model } from '../../../../../language/index.js';

/**
 * How a data set's value is read: money `'1234.50'` (`R$ 1.234,50`), a date `'2026-03-31'`
 * (`31/03/2026`), a month `'2026-03'` (`03/2026`), a boolean (Sim/Não), an integer, text.
 */
export type DatasetKind = 'text' | 'integer' | 'money' | 'date' | 'month' | 'boolean';

export interface DatasetField {
  name: string;
  label: string;
  kind: DatasetKind;
}

export interface DatasetRun {
  db: Kysely<SpaceDatabase>;
  model: Model;
  /** The design's `source.arguments` with the parameters filled in (an empty one left out). */
  arguments: Record<string, unknown>;
  signal: AbortSignal;
}

/** One row: a value per field name (null for none). */
export type DatasetRow = Record<string, unknown>;

export interface ReportDataset {
  /** What the permission message names: 'Contas de controle'. */
  label: string;
  /** The grant that lets a person read it (`admin` does too). */
  permission: string;
  fields: DatasetField[];
  /** The arguments it reads (a design giving another is refused). */
  arguments: string[];
  /** A line under the title saying what the arguments chose ('Saldos em 30/04/2026'). */
  caption?(run: DatasetRun): Promise<string | null>;
  /** The rows in the report's order, a batch at a time; a ReportError (pt-BR) for an argument it refuses. */
  rows(run: DatasetRun): AsyncIterable<DatasetRow[]>;
}
