/**
 * The PDF of a report, laid out by pdfmake with the Roboto it ships: the header, then one table whose
 * heading repeats on every page, group headings across the table, subtotals and the total in bold,
 * and 'Página x de y' at the foot. pdfmake lays out the whole document at once: the lines are
 * gathered as they are read, then laid out (MAX_PDF_ROWS bounds them).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ReportHeader } from './header.js';
import { EMPTY_REPORT } from './header.js';
import type { ReportLine, TotalLine } from './lines.js';
import type { PlannedColumn, ReportPlan } from './plan.js';
import { sumText, totalTexts } from './sums.js';

const require = createRequire(import.meta.url);

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(document: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let pdfmake: PdfMake | null = null;

/** pdfmake with the Roboto files it ships, reading no other file and no URL. */
export function pdfMaker(): PdfMake {
  if (pdfmake) return pdfmake;
  const maker = require('pdfmake') as PdfMake;
  const fonts = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const font = (name: string) => join(fonts, `Roboto-${name}.ttf`);
  maker.setFonts({ Roboto: { normal: font('Regular'), bold: font('Medium'), italics: font('Italic'), bolditalics: font('MediumItalic') } });
  maker.setUrlAccessPolicy(() => false);
  maker.setLocalAccessPolicy((path) => path.startsWith(fonts));
  pdfmake = maker;
  return maker;
}

const cell = (text: string, column: PlannedColumn, extra: Record<string, unknown> = {}): TableCell => ({ text, alignment: column.numeric ? 'right' : 'left', ...extra });

/** A row spanning the whole table. */
function spanning(text: string, count: number, style: Record<string, unknown>): TableCell[] {
  return [{ text, colSpan: count, ...style }, ...Array.from({ length: count - 1 }, () => ({}))];
}

/** A subtotal or total: its label across the columns up to the first sum (a long group name does not wrap in one narrow column). */
function totalRow(columns: PlannedColumn[], total: TotalLine): TableCell[] {
  const texts = totalTexts(columns, total);
  const labelAt = Math.max(0, columns.findIndex((c) => !c.summed));
  let span = 1;
  while (labelAt + span < columns.length && !columns[labelAt + span].summed) span += 1;
  return columns.map((column, i) => {
    if (i === labelAt) return { text: texts[i], bold: true, colSpan: span };
    if (i > labelAt && i < labelAt + span) return {};
    return cell(texts[i], column, { bold: true });
  });
}

/** A summary ('Total por meio') as a table of its own after the report's: the value, its count and its sums. */
function summaryTable(columns: PlannedColumn[], label: string, lines: TotalLine[]): Content {
  const summed = columns.flatMap((column, i) => (column.summed ? [{ column, i }] : []));
  const right = { alignment: 'right' } as const;
  const body: TableCell[][] = [
    [{ text: label, bold: true, fillColor: '#eeeeee' }, { text: 'Registros', bold: true, fillColor: '#eeeeee', ...right }, ...summed.map(({ column }) => ({ text: column.label, bold: true, fillColor: '#eeeeee', ...right }))],
    ...lines.map((line) => [
      { text: line.label },
      { text: line.count.toLocaleString('pt-BR'), ...right },
      ...summed.map(({ column, i }) => ({ text: line.sums[i] === null ? '' : sumText(column, line.sums[i]!), ...right })),
    ]),
  ];
  return { table: { headerRows: 1, widths: [150, 60, ...summed.map(() => 90)], body, dontBreakRows: true }, layout: 'lightHorizontalLines', margin: [0, 14, 0, 0], unbreakable: lines.length <= 30 };
}

export async function renderPdf(header: ReportHeader, plan: ReportPlan, lines: AsyncIterable<ReportLine>): Promise<Buffer> {
  const columns = plan.columns;
  const body: TableCell[][] = [columns.map((c) => cell(c.label, c, { bold: true, fillColor: '#eeeeee' }))];
  const notes: Content[] = [];
  const summaries: Content[] = [];
  for await (const line of lines) {
    if (line.type === 'row') body.push(line.cells.map((c, i) => cell(c.text, columns[i])));
    else if (line.type === 'group') body.push(spanning(line.label, columns.length, { bold: true, fillColor: '#f5f5f5', margin: [0, 4, 0, 0] }));
    else if (line.type === 'summary') summaries.push(summaryTable(columns, line.label, line.lines));
    else if (line.type === 'truncated') notes.push({ text: `O relatório mostra só os primeiros ${line.limit.toLocaleString('pt-BR')} registros: refine os filtros para ver os demais.`, italics: true, margin: [0, 8, 0, 0] });
    else body.push(totalRow(columns, line.total));
  }
  const empty = body.length === 1;
  const document: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: plan.orientation,
    pageMargins: [36, 36, 36, 44],
    info: { title: header.title, creator: header.institution },
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    content: [
      { text: header.institution, fontSize: 12, bold: true },
      { text: header.title, fontSize: 14, bold: true, margin: [0, 6, 0, 0] },
      ...(header.subtitle ? [{ text: header.subtitle, fontSize: 10, margin: [0, 2, 0, 0] } as Content] : []),
      ...(header.details ? [{ text: header.details, fontSize: 9, margin: [0, 2, 0, 0] } as Content] : []),
      { text: header.generated, fontSize: 7, color: '#555555', margin: [0, 2, 0, 10] },
      empty ? { text: EMPTY_REPORT, fontSize: 10, margin: [0, 10, 0, 0] } : { table: { headerRows: 1, widths: columns.map((c) => c.width), body }, layout: 'lightHorizontalLines' },
      ...notes,
      ...summaries,
    ],
    footer: (page: number, pages: number) => ({ text: `${header.institution} · ${header.title} · Página ${page} de ${pages}`, fontSize: 7, alignment: 'right', margin: [36, 16, 36, 0] }),
  };
  return pdfMaker().createPdf(document).getBuffer();
}
