/**
 * The contract between a report's job (which design, which parameters, who asked, in which space)
 * and the engine that renders it: the built-in engine (designs of our own format, PDF/XLSX/CSV) and
 * a JasperReports Server reached over its REST v2 API each implement `ReportEngine`. A job runs in
 * the background, outside any request: `ReportRun.access` answers with the grants of the person who
 * asked, so a report lists only what that person may list.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';

export type ReportFormat = 'pdf' | 'xlsx' | 'csv';

/** A report design as the space keeps it (`tipo_design_relatorio`), with its file's bytes read from the storage. */
export interface ReportDesign {
  id: number;
  name: string;
  /** The design file (our JSON format for the built-in engine; a `.jrxml` for Jasper). */
  file: Buffer;
  /** The design's compiled form, when its engine uses one (`.jasper`). */
  compiledFile: Buffer | null;
  /** The parameters the design declares (name, type, label, required), as the schema keeps them. */
  parameters: unknown;
  version: string | null;
}

/** The engine a design names (`tipo_gerador_relatorio`). */
export interface ReportEngineSettings {
  id: number;
  /** 1 JasperReports; 2 the built-in engine. */
  reportEngine: number;
  engineVersion: string | null;
  externalServer: boolean;
  serverUrl: string | null;
  serverLogin: string | null;
  serverPassword: string | null;
}

export interface ReportRun {
  design: ReportDesign;
  engine: ReportEngineSettings;
  /** The values the person chose for the design's parameters (`used_parameters`). */
  parameters: Record<string, unknown>;
  format: ReportFormat;
  /** The space's database, where the report's rows are read. */
  db: Kysely<SpaceDatabase>;
  model: Model;
  /** Who asked: the rows are those this person may list. */
  access: ReportAccess;
  /** Cancelled when the job is given up (the process stops): an engine stops as soon as it can. */
  signal: AbortSignal;
}

export interface ReportAccess {
  userId: number;
  /** Whether the person may use `permission` (`pessoa.index`…), as a request of theirs would be judged. */
  may(permission: string): boolean;
}

/** What an engine answers: the file's bytes and the name it is offered under (without the path). */
export interface ReportOutput {
  bytes: Buffer;
  format: ReportFormat;
  fileName: string;
}

export interface ReportEngine {
  render(run: ReportRun): Promise<ReportOutput>;
}

/** A failure the person can read (pt-BR), kept as the job's reason when it ends in 4 Erros. */
export class ReportError extends Error {
  readonly code = 'REPORT_ERROR';
}
