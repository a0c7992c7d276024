/** What the receivables' report data sets share: their arguments read strictly, the engine's refusals as the report's reason. */
import { isCalendarDate } from '../../../shared/dates.js';
import { AppError } from '../../core/http/app-error.js';
import { ReportError } from '../reports/engine.js';
import { formatCnpj, formatCpf } from '../certificates/tax-id.js';

/** A date argument (`YYYY-MM-DD`), undefined when empty; a ReportError naming `label` when it is no date. */
export function dateArgument(value: unknown, label: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).slice(0, 10);
  if (!isCalendarDate(text)) throw new ReportError(`${label}: informe uma data válida.`);
  return text;
}

/** A record's id argument, undefined when empty. */
export function idArgument(value: unknown, label: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new ReportError(`${label}: escolha um registro.`);
  return id;
}

/** A yes/no argument: true only for true (or its text). */
export const booleanArgument = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';

/** Runs `work`, a 422 of the receivables' engine becoming the report's reason (its field's message). */
export async function asReportError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const message = Object.values(error.errors ?? {}).flat()[0] ?? error.message;
      throw new ReportError(message);
    }
    throw error;
  }
}

/** A party as a report names it: 'Maria Silva — CPF 529.982.247-25'. */
export function partyText(name: string, taxId: string | null): string {
  const document = taxIdText(taxId, true);
  return document ? `${name} — ${document}` : name;
}

/** '529.982.247-25' ('CPF 529.982.247-25' with its kind), '11.222.333/0001-81', or '' without a document. */
export function taxIdText(taxId: string | null, withKind = false): string {
  const digits = (taxId ?? '').replace(/\D/g, '');
  if (digits.length === 11) return `${withKind ? 'CPF ' : ''}${formatCpf(digits)}`;
  if (digits.length === 14) return `${withKind ? 'CNPJ ' : ''}${formatCnpj(digits)}`;
  return taxId?.trim() ?? '';
}

