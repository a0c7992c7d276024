import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded at its first use (an export, an import, a report as a spreadsheet): loaded with the
 * server, it was a third of the modules a start reads, for routes few requests take.
 */
export function loadExcel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
