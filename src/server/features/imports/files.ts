/**
 * The spreadsheets an import hands out: the module's template (its columns' pt-BR headers, the
 * text columns formatted as text so a CPF keeps its zeros) and the error file (the rows the import
 * could not take, as they came, with an 'Erros' column saying why).
 */
import { stringify } from 'csv-stringify/sync';
import type { Entity } from '../../../../language/index.js';
import type { Cell } from './cells.js';
import { loadExcel } from '../../core/resources/excel.js';
import { importColumns } from './columns.js';

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A text a spreadsheet would run as a formula is written with a leading apostrophe (as exports do). */
const inert = (cell: Cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const csv = (rows: Cell[][]) => Buffer.from(stringify(rows.map((row) => row.map((cell) => (cell === null ? '' : String(inert(cell))))), { bom: true, delimiter: ';', record_delimiter: 'windows' }));

async function xlsx(sheetName: string, headers: string[], rows: Cell[][], textColumns: Set<number> = new Set()): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, i) => ({ header, width: Math.min(50, Math.max(12, header.length + 4)), ...(textColumns.has(i) ? { style: { numFmt: '@' } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(inert));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const TEXT_KINDS = new Set(['text', 'cpf', 'cnpj', 'cep', 'phone', 'mask', 'email', 'textarea']);

/** The module's empty spreadsheet: one header per column the import reads. */
export async function templateFile(entity: Entity, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const columns = importColumns(entity);
  const headers = columns.map((c) => c.header);
  if (format === 'csv') return csv([headers]);
  const text = new Set(columns.flatMap((c, i) => (TEXT_KINDS.has(c.field.kind) ? [i] : [])));
  return xlsx(entity.label.plural, headers, [], text);
}

export const ERRORS_HEADER = 'Erros';

/** The rows in error as the file had them, with their messages in a last column. */
export async function errorFile(entity: Entity, headers: string[], rows: { cells: Cell[]; messages: string[] }[], format: 'csv' | 'xlsx'): Promise<Buffer> {
  const lines = rows.map(({ cells, messages }) => [...headers.map((_, i) => cells[i] ?? null), messages.join(' ')]);
  const all = [...headers, ERRORS_HEADER];
  return format === 'csv' ? csv([all, ...lines]) : xlsx(`Erros - ${entity.label.plural}`, all, lines);
}
