/**
 * The spreadsheet of a report, written by exceljs's streaming writer (each row is committed as it
 * comes, so the rows are never all in memory): the header, the column titles, the rows, group
 * headings and subtotals in bold. Numbers are numeric cells when a double holds them exactly (money
 * with the `R$` format); an amount no double holds stays text, so no cent is lost.
 */
import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import type { ReportHeader } from './header.js';
import { EMPTY_REPORT } from './header.js';
import type { ReportLine } from './lines.js';
import type { PlannedColumn, ReportPlan } from './plan.js';
import { loadExcel } from '../../../core/resources/excel.js';
import { totalTexts } from './sums.js';

const MONEY_FORMAT = '"R$" #,##0.00;-"R$" #,##0.00';

/** A cell's value: the exact number as a JS number when it survives the trip, else the text shown. */
export function sheetValue(number: string | null, text: string): string | number | null {
  if (number === null) return text === '' ? null : text;
  const value = Number(number);
  return Number.isFinite(value) && new Decimal(value).equals(new Decimal(number)) ? value : text;
}

/** The sheet's name: at most 31 characters and none of `[]:*?/\`. */
export const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Relatório';

export async function renderXlsx(header: ReportHeader, plan: ReportPlan, lines: AsyncIterable<ReportLine>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = header.institution;
  const sheet = workbook.addWorksheet(sheetName(header.title));
  const columns = plan.columns;
  sheet.columns = columns.map((c) => ({ width: c.numeric ? 16 : 30, ...(c.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}) }));
  const add = (values: (string | number | null)[], bold = false) => {
    const row = sheet.addRow(values);
    if (bold) row.font = { bold: true };
    row.commit();
  };
  add([header.institution], true);
  add([header.title], true);
  if (header.subtitle) add([header.subtitle]);
  if (header.details) add([header.details]);
  add([header.generated]);
  add([]);
  add(columns.map((c) => c.label), true);
  let rows = 0;
  for await (const line of lines) {
    if (line.type === 'row') {
      rows += 1;
      add(line.cells.map((c) => sheetValue(c.number, c.text)));
    } else if (line.type === 'group') add([line.label], true);
    else if (line.type === 'truncated') add([`O relatório mostra só os primeiros ${line.limit.toLocaleString('pt-BR')} registros: refine os filtros para ver os demais.`]);
    else if (line.type === 'summary') {
      // Under the same columns as the rows, so each sum is a number of its column's format.
      add([]);
      add([line.label], true);
      for (const total of line.lines) add(totalCells(columns, total.sums, totalTexts(columns, total)));
    } else add(totalCells(columns, line.total.sums, totalTexts(columns, line.total)), true);
  }
  if (rows === 0) add([EMPTY_REPORT]);
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

function totalCells(columns: PlannedColumn[], sums: (string | null)[], texts: string[]): (string | number | null)[] {
  return columns.map((_column, i) => (sums[i] !== null ? sheetValue(sums[i], texts[i]) : texts[i] || null));
}
