import { once } from 'node:events';
import { pipeline, Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { CellValue, Style } from 'exceljs';
import { exportCell, exportNumberFormat, exportText, type ExportColumn, type ReferenceNames } from './export-values.js';
import { loadExcel } from './excel.js';

type Row = Record<string, unknown>;

/** A batch of rows with the names its reference columns point at. */
export interface NamedBatch {
  rows: Row[];
  names: ReferenceNames;
}

const NUMERIC_KINDS = new Set(['id', 'integer', 'money', 'decimal']);

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or carriage return first)
 * is written with a leading apostrophe, as OWASP advises for CSV files; numbers are left alone.
 */
const inert = (kind: string, text: string) => (!NUMERIC_KINDS.has(kind) && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The CSV people open in a pt-BR spreadsheet: `;` between values, UTF-8 with its BOM, CRLF line ends, a header of labels. */
export function csvFile(columns: ExportColumn[], batches: AsyncIterable<NamedBatch>): Readable {
  async function* records() {
    yield columns.map((c) => c.header);
    for await (const { rows, names } of batches) {
      for (const row of rows) yield columns.map(({ field }) => inert(field.kind, exportText(field, row[field.name], names)));
    }
  }
  const csv = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows' });
  // pipeline ends the reading of rows when the answer is cut short (and the reverse).
  return pipeline(Readable.from(records()), csv, () => undefined);
}

/** A sheet's name as Excel takes it: at most 31 characters, none of `[]:*?/\`. */
const sheetName = (label: string) => label.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Planilha';

const columnWidth = (column: ExportColumn) =>
  column.field.kind === 'date' ? 12 : column.field.kind === 'datetime' ? 17 : Math.min(50, Math.max(12, column.header.length + 4));

/**
 * exceljs gives each cell a style object of its own and looks each up again (most of its time on a
 * long sheet); a cell given its column's one object, per kind of value as exceljs picks a format by
 * it, and a row the rows' one, is looked up once. The file's styles are the same.
 */
const styleKind = (value: CellValue) => (typeof value === 'number' ? 'number' : value instanceof Date ? 'date' : 'other');

/** Bytes passed on in pieces of about 64 KiB rather than the zip's 4 KiB ones: fewer writes to the socket. */
function coalescing(size = 64 * 1024): Transform {
  let pending: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      length += chunk.length;
      if (length >= size) {
        this.push(Buffer.concat(pending, length));
        pending = [];
        length = 0;
      }
      done();
    },
    flush(done) {
      if (length) this.push(Buffer.concat(pending, length));
      done();
    },
  });
}

/**
 * An XLSX of one sheet, written row by row by exceljs' streaming writer (rows are committed as they
 * come and never kept): numbers stay numbers and dates dates, each column with its number format.
 * The rows are read only as fast as the answer is taken.
 */
export function xlsxFile(label: string, columns: ExportColumn[], batches: AsyncIterable<NamedBatch>): Readable {
  const output = coalescing();
  const taken = () => Promise.race([once(output, 'drain'), once(output, 'close')]);
  void (async () => {
    try {
      const ExcelJS = await loadExcel();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(sheetName(label), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((column) => {
        const numFmt = exportNumberFormat(column.field);
        return { header: column.header, key: column.field.name, width: columnWidth(column), ...(numFmt ? { style: { numFmt } } : {}) };
      });
      sheet.getRow(1).font = { bold: true };
      const styles = columns.map((column) => {
        const numFmt = exportNumberFormat(column.field);
        const style = (): Partial<Style> => (numFmt ? { numFmt } : {});
        return { number: style(), date: style(), other: style() };
      });
      const rowStyle: Partial<Style> = {};
      for await (const { rows, names } of batches) {
        for (const row of rows) {
          const line = sheet.addRow(columns.map(({ field }) => exportCell(field, row[field.name], names)));
          line.eachCell({ includeEmpty: true }, (cell, number) => {
            cell.style = styles[number - 1][styleKind(cell.value)];
          });
          (line as unknown as { style: Partial<Style> }).style = rowStyle;
          line.commit();
        }
        if (output.destroyed) return;
        if (output.writableNeedDrain) await taken();
        if (output.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
