/** Runs the built-in engine as a report's job would, and reads its outputs back (pdfjs-dist, exceljs, csv-parse). */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Model } from '../../language/index.js';
import { builtinEngine } from '../../src/server/features/reports/builtin/engine.js';
import type { ReportFormat, ReportOutput } from '../../src/server/features/reports/engine.js';

export interface RunOptions {
  parameters?: Record<string, unknown>;
  /** The person's grants; default everything. */
  may?: (permission: string) => boolean;
  signal?: AbortSignal;
  /** The parameters the design type declares (its sub-list). */
  declared?: unknown;
}

export function runReport(db: Kysely<any>, model: Model, design: Buffer | object, format: ReportFormat, options: RunOptions = {}): Promise<ReportOutput> {
  const file = Buffer.isBuffer(design) ? design : Buffer.from(JSON.stringify(design));
  return builtinEngine.render({
    design: { id: 1, name: 'Desenho', file, compiledFile: null, parameters: options.declared ?? [], version: '1' },
    engine: { id: 1, reportEngine: 2, engineVersion: '1', externalServer: false, serverUrl: null, serverLogin: null, serverPassword: null },
    parameters: options.parameters ?? {},
    format,
    db,
    model,
    access: { userId: 1, may: options.may ?? (() => true) },
    signal: options.signal ?? new AbortController().signal,
  });
}

/** The text of each page of a PDF, its words separated by single spaces. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim());
  }
  await document.destroy();
  return pages;
}

/** Every row of the first sheet, each as its cells' values (numbers as numbers, text as text). */
export async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The CSV's records (`;`, BOM). */
export const csvRows = (bytes: Buffer): string[][] => parse(bytes, { delimiter: ';', bom: true, relax_column_count: true });
