/**
 * The built-in engine: reads a design of our own format (docs/REPORTS.md), checks it against the
 * model and the grants of the person who asked, reads the rows a batch at a time and renders a PDF
 * (pdfmake), an XLSX (exceljs) or a CSV (csv-stringify).
 */
import type { ReportEngine, ReportOutput, ReportRun } from '../engine.js';
import { parseDesign, withDeclaredParameters } from './design.js';
import { renderCsv } from './csv.js';
import { reportHeader } from './header.js';
import { reportLines } from './lines.js';
import { renderPdf } from './pdf.js';
import { planReport } from './plan.js';
import { renderXlsx } from './xlsx.js';

/** The offered file's name: the title's letters and digits (`Municípios por UF` → `municipios-por-uf.pdf`). */
export function reportFileName(title: string, format: string): string {
  const base = title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${base || 'relatorio'}.${format}`;
}

export const builtinEngine: ReportEngine = {
  async render(run: ReportRun): Promise<ReportOutput> {
    run.signal.throwIfAborted();
    const design = withDeclaredParameters(parseDesign(run.design.file), run.design.parameters);
    const plan = planReport(design, run.model, run.parameters, run.format, (permission) => run.access.may(permission));
    const details = plan.dataset?.source.caption ? await plan.dataset.source.caption({ db: run.db, model: run.model, arguments: plan.dataset.arguments, signal: run.signal }) : null;
    const header = await reportHeader(run.db, plan.title, plan.subtitle, new Date(), details);
    const lines = reportLines(run.db, run.model, plan, run.signal);
    const bytes = run.format === 'pdf' ? await renderPdf(header, plan, lines) : run.format === 'xlsx' ? await renderXlsx(header, plan, lines) : await renderCsv(plan, lines);
    return { bytes, format: run.format, fileName: reportFileName(plan.title, run.format) };
  },
};
