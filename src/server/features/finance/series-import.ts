import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity } from '../../../../language/index.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { decimalProblem, parseTypedDecimal } from '../../../shared/decimals.js';
import { invalid } from '../../core/http/app-error.js';
import type { WriteContext } from '../../core/resources/hooks.js';
import { findRecord } from '../../core/resources/read.js';
import { updateRecord } from '../../core/resources/write.js';

/** A history row read from a file: `YYYY-MM-DD`, and the decimals in the API's form. */
export interface HistoryRow {
  date: string;
  index_number: string;
  accumulated_variation_percentage: string | null;
}

export const EMPTY_FILE = 'O arquivo não tem nenhuma linha de histórico.';
/** At most this many lines' messages are answered; the rest are counted. */
const MAX_MESSAGES = 50;
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isoDate(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isCalendarDate(iso) ? iso : undefined;
}

/**
 * Reads a series' history from the text of a CSV file as a council keeps one: `;` between columns,
 * date `DD/MM/AAAA`, index number and (optional) accumulated variation with a decimal comma
 * (`01/02/2026;7.123,45678901;0,35`), a header line allowed. Every line's problems at once, in pt-BR,
 * each line named by its number in the file: `{ messages }`; else `{ rows }`.
 * @example readHistoryCsv('Data;Número-índice;Variação\n01/02/2026;7123,45678901;0,35')
 */
export function readHistoryCsv(text: string): { rows: HistoryRow[] } | { messages: string[] } {
  let records: { record: string[]; line: number }[];
  try {
    const parsed = parse(text, { delimiter: ';', bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    records = parsed.map((entry) => ({ record: entry.record, line: entry.info.lines }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { messages: [`${line ? `Linha ${line}: ` : ''}o arquivo não é um CSV válido (aspas sem fechamento?).`] };
  }
  if (records.length && !DATE.test(records[0]!.record[0] ?? '')) records.shift();
  if (records.length === 0) return { messages: [EMPTY_FILE] };

  const messages: string[] = [];
  const rows: HistoryRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, line } of records) {
    const say = (message: string) => messages.push(`Linha ${line}: ${message}`);
    if (record.length < 2 || record.length > 3) {
      say(`esperadas 2 ou 3 colunas (data; número-índice; variação acumulada), encontradas ${record.length}.`);
      continue;
    }
    const [dateText = '', indexText = '', variationText = ''] = record;
    const date = isoDate(dateText);
    if (!date) say(`a data "${dateText}" não é válida (use DD/MM/AAAA).`);
    else if (seen.has(date)) say(`a data ${dateText} já aparece na linha ${seen.get(date)}.`);
    else seen.set(date, line);
    const index = decimalOf(indexText, 'Número-índice', { integer: 13, fraction: 8 }, true, say);
    const variation = decimalOf(variationText, 'Variação acumulada (%)', { integer: 7, fraction: 8 }, false, say);
    if (date && index !== undefined && variation !== undefined) rows.push({ date, index_number: index!, accumulated_variation_percentage: variation });
  }
  if (messages.length > MAX_MESSAGES) return { messages: [...messages.slice(0, MAX_MESSAGES), `E mais ${messages.length - MAX_MESSAGES} erros.`] };
  return messages.length ? { messages } : { rows };
}

/** A cell's decimal in the API's form, null when blank and optional, undefined (and said) when wrong. */
function decimalOf(text: string, label: string, digits: { integer: number; fraction: number }, required: boolean, say: (message: string) => void): string | null | undefined {
  const value = parseTypedDecimal(text);
  if (value === null) {
    if (!required) return null;
    say(`o campo ${label} é obrigatório.`);
    return undefined;
  }
  if (value === undefined) {
    say(`o campo ${label} "${text}" não é um número (use vírgula para as decimais: 1.234,56).`);
    return undefined;
  }
  const problem = decimalProblem(value, label, digits);
  if (problem) {
    say(problem.charAt(0).toLowerCase() + problem.slice(1));
    return undefined;
  }
  return value;
}

/**
 * Imports a history file into a series: every line or none (422 on `csv`, one message a line).
 * A date the series already has takes the file's numbers; the others are added. Saved as an edit of
 * the series (validated, audited, its version moved).
 */
export async function importSeriesHistory(db: Kysely<SpaceDatabase>, entity: Entity, id: number, text: unknown, context: WriteContext) {
  if (typeof text !== 'string' || text.trim() === '') throw invalid({ csv: ['O campo Arquivo é obrigatório.'] });
  const read = readHistoryCsv(text);
  if ('messages' in read) throw invalid({ csv: read.messages });
  const stored = await findRecord(dynamic(db), entity, id);
  const histories = [...((stored.histories as Record<string, unknown>[]) ?? [])];
  let added = 0;
  let replaced = 0;
  const byDate = new Map(histories.map((h, i) => [String(h.date), i]));
  for (const row of read.rows) {
    const at = byDate.get(row.date);
    if (at !== undefined) {
      histories[at] = { ...histories[at], index_number: row.index_number, accumulated_variation_percentage: row.accumulated_variation_percentage };
      replaced++;
    } else {
      histories.push({ ...row });
      added++;
    }
  }
  const data = await updateRecord(dynamic(db), entity, id, { ...stored, histories }, context);
  return { data, added, replaced };
}
