/** The engine a report's engine type names: 1 JasperReports (a JasperReports Server), 2 the built-in engine. */
import { builtinEngine } from './builtin/engine.js';
import { ReportError, type ReportEngine, type ReportEngineSettings } from './engine.js';
import { jasperEngine, type JasperOptions } from './jasper/engine.js';

export const REPORT_ENGINES = { jasper: 1, builtin: 2 } as const;

export function engineFor(settings: ReportEngineSettings, options: JasperOptions = {}): ReportEngine {
  if (settings.reportEngine === REPORT_ENGINES.builtin) return builtinEngine;
  if (settings.reportEngine === REPORT_ENGINES.jasper) return jasperEngine(options);
  throw new ReportError('O tipo de gerador do relatório é desconhecido.');
}
