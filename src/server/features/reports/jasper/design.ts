/**
 * Which report unit of the JasperReports Server a design runs: the `ireport.jasperserver.reportUnit`
 * property Jaspersoft Studio writes into a `.jrxml` it publishes
 * (`<property name="ireport.jasperserver.reportUnit" value="/reports/conselho/pessoas"/>`), or else
 * `/reports/<name>` from the report's own `name`. Pure.
 */
import { ReportError } from '../engine.js';

const UNIT_PROPERTY = /<property\s+name\s*=\s*"ireport\.jasperserver\.reportUnit"\s+value\s*=\s*"([^"]+)"/;
const REPORT_NAME = /<jasperReport\b[^>]*?\sname\s*=\s*"([^"]+)"/;
/** A repository URI: slash-separated names of letters, digits, `_`, `-` and `.`. */
const URI = /^(\/[\w.-]+)+$/;

export function reportUnitUri(jrxml: Buffer): string {
  const text = jrxml.subarray(0, 512 * 1024).toString('utf8');
  const uri = UNIT_PROPERTY.exec(text)?.[1] ?? (REPORT_NAME.exec(text) ? `/reports/${REPORT_NAME.exec(text)![1]}` : null);
  if (!uri) throw new ReportError('O desenho não é um .jrxml do JasperReports: não nomeia o relatório no servidor.');
  if (!URI.test(uri) || uri.includes('..')) throw new ReportError(`O desenho nomeia um relatório inválido no servidor: ${uri.slice(0, 100)}.`);
  return uri;
}

/** The parameters as the REST v2 API takes them: each a name and a list of texts. */
export function reportParameters(values: Record<string, unknown>): { reportParameter: { name: string; value: string[] }[] } {
  const reportParameter = Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => ({ name, value: (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) }));
  return { reportParameter };
}
