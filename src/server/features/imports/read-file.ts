/**
 * An uploaded spreadsheet's header and rows, read as a stream: a CSV (`;` or `,` between values,
 * UTF-8 with or without its BOM) or the first sheet of an XLSX. Empty rows are dropped; each row
 * keeps its line in the file, so messages and the error file point at it.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { CellValue, Row } from 'exceljs';
import { AppError, invalid } from '../../core/http/app-error.js';
import type { Cell } from './cells.js';
import { loadExcel } from '../../core/resources/excel.js';

export const MAX_IMPORT_ROWS = 100_000;
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const NOT_A_SPREADSHEET = 'O arquivo deve ser uma planilha CSV ou XLSX.';
export const NO_HEADER = 'A planilha não tem a linha de cabeçalho com os nomes das colunas.';
export const NO_ROWS = 'A planilha não tem linhas para importar.';
export const TOO_MANY_ROWS = `A planilha tem mais de ${MAX_IMPORT_ROWS.toLocaleString('pt-BR')} linhas: divida-a em arquivos menores.`;

export interface SheetRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  cells: Cell[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet's date (Excel keeps no time zone: its UTC parts are the day written) as a person wrote it. */
function dateText(date: Date): string {
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  const time = date.getUTCHours() || date.getUTCMinutes() ? ` ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : '';
  return day + time;
}

function xlsxCell(value: CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return xlsxCell((value.result ?? null) as CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

const blank = (cells: Cell[]) => cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

function collect(sheet: Sheet, cells: Cell[], line: number) {
  if (sheet.headers.length === 0) {
    if (blank(cells)) return;
    sheet.headers = cells.map((cell) => (cell === null ? '' : String(cell).trim()));
    return;
  }
  if (blank(cells)) return;
  if (sheet.rows.length >= MAX_IMPORT_ROWS) throw invalid({ file: [TOO_MANY_ROWS] });
  sheet.rows.push({ line, cells });
}

async function readCsv(bytes: Buffer): Promise<Sheet> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const sheet: Sheet = { headers: [], rows: [] };
  const parser = Readable.from([text]).pipe(parse({ delimiter, relax_column_count: true, skip_empty_lines: false, info: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    collect(sheet, record.map((value) => (value === '' ? null : value)), info.lines);
  }
  return sheet;
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const sheet: Sheet = { headers: [], rows: [] };
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<Row>) {
      const values = (row.values as CellValue[]).slice(1);
      collect(sheet, Array.from({ length: values.length }, (_, i) => xlsxCell(values[i])), row.number);
    }
    break;
  }
  return sheet;
}

/** The format a file's name and first bytes say (an XLSX is a zip: `PK`). */
export function formatOf(name: string, bytes: Buffer): ImportFormat {
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') return 'xlsx';
  if (/\.xlsx$/i.test(name)) throw invalid({ file: [NOT_A_SPREADSHEET] });
  if (bytes.includes(0)) throw invalid({ file: [NOT_A_SPREADSHEET] });
  return 'csv';
}

/** The file's header and rows; 422 with a pt-BR message when it is none, has no header or no rows. */
export async function readSheet(name: string, bytes: Buffer): Promise<Sheet> {
  const format = formatOf(name, bytes);
  let sheet: Sheet;
  try {
    sheet = format === 'xlsx' ? await readXlsx(bytes) : await readCsv(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid({ file: [NOT_A_SPREADSHEET] });
  }
  if (sheet.headers.length === 0) throw invalid({ file: [NO_HEADER] });
  if (sheet.rows.length === 0) throw invalid({ file: [NO_ROWS] });
  return sheet;
}
